/*
 * qemu-plugin.h - the part of QEMU 7.2's TCG plugin API (plugin version 1)
 * that plugin.c uses. Debian 12 ships qemu-system-x86 without QEMU's own
 * header; the functions below are exported by the qemu-system binary
 * (nm -D) and resolved when QEMU loads the plugin. The declarations follow
 * QEMU 7.2's documented API (include/qemu/qemu-plugin.h there); a type that
 * plugin.c only passes through stays opaque.
 */
#ifndef BENCH_PROFILE_QEMU_PLUGIN_H
#define BENCH_PROFILE_QEMU_PLUGIN_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#define QEMU_PLUGIN_EXPORT	__attribute__((visibility("default")))
/* The API version this plugin is written for: QEMU 7.2 accepts 0..1. */
#define QEMU_PLUGIN_VERSION	1

typedef uint64_t qemu_plugin_id_t;

typedef struct qemu_info_t {
	const char *target_name;
	struct {
		int min;
		int cur;
	} version;
	bool system_emulation;
	union {
		struct {
			int smp_vcpus;
			int max_vcpus;
		} system;
	};
} qemu_info_t;

struct qemu_plugin_tb;
struct qemu_plugin_insn;

enum qemu_plugin_op {
	QEMU_PLUGIN_INLINE_ADD_U64,
};

typedef void (*qemu_plugin_udata_cb_t)(qemu_plugin_id_t id, void *userdata);
typedef void (*qemu_plugin_vcpu_tb_trans_cb_t)(qemu_plugin_id_t id,
					       struct qemu_plugin_tb *tb);

void qemu_plugin_register_vcpu_tb_trans_cb(qemu_plugin_id_t id,
					   qemu_plugin_vcpu_tb_trans_cb_t cb);
void qemu_plugin_register_atexit_cb(qemu_plugin_id_t id,
				    qemu_plugin_udata_cb_t cb, void *userdata);
void qemu_plugin_register_vcpu_tb_exec_inline(struct qemu_plugin_tb *tb,
					      enum qemu_plugin_op op,
					      void *ptr, uint64_t imm);
size_t qemu_plugin_tb_n_insns(const struct qemu_plugin_tb *tb);
struct qemu_plugin_insn *qemu_plugin_tb_get_insn(const struct qemu_plugin_tb *tb,
						 size_t idx);
uint64_t qemu_plugin_insn_vaddr(const struct qemu_plugin_insn *insn);
void qemu_plugin_outs(const char *string);

#endif
