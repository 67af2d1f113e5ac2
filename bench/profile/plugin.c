/*
 * plugin.c - a QEMU TCG plugin (QEMU 7.2, API version 1) that counts the
 * guest instructions executed at each virtual PC, for `make profile`
 * (bench/profile/profile.sh).
 *
 *   qemu-system-x86_64 ... -plugin file=profile.so,arg=out=PATH
 *
 * At QEMU's exit it writes PATH: a "# insns=N tbs=N" line, then one
 * "PC COUNT" line (hex, decimal) per guest virtual address executed, in
 * no particular order.
 *
 * The counting is per translation block: each translated block gets one
 * inline 64-bit add (cheap: no call out of the generated code), and the
 * block's instruction addresses are kept beside its counter, so that at
 * exit every instruction of the block is credited with the block's
 * executions. A block left in the middle (a fault on one of its
 * instructions) is counted whole: a small excess on the faulting paths.
 *
 * Every vCPU is counted, into the same counters. Under -icount (make
 * profile's boots) all vCPUs run in turn on one host thread, so the
 * non-atomic inline add is exact, and the guest's clock - the TSC a bench
 * row reads - advances by the instructions of every vCPU: counting them all
 * is what makes the profile's total comparable with the row's figure.
 * Without -icount (MTTCG, one thread a vCPU) two vCPUs running one block at
 * once can lose an add: the counts are then approximate.
 */
#include <inttypes.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "qemu-plugin.h"

QEMU_PLUGIN_EXPORT int qemu_plugin_version = QEMU_PLUGIN_VERSION;

/* One translation of a block: its executions and its instructions' PCs. */
struct block {
	uint64_t count;
	struct block *next;
	size_t n;
	uint64_t pc[];
};

static struct block *blocks;
static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static char *out_path;

static void tb_trans(qemu_plugin_id_t id, struct qemu_plugin_tb *tb)
{
	size_t i, n = qemu_plugin_tb_n_insns(tb);
	struct block *b = calloc(1, sizeof(*b) + n * sizeof(b->pc[0]));

	(void)id;
	if (!b)
		return;
	b->n = n;
	for (i = 0; i < n; i++)
		b->pc[i] = qemu_plugin_insn_vaddr(qemu_plugin_tb_get_insn(tb, i));
	pthread_mutex_lock(&lock);
	b->next = blocks;
	blocks = b;
	pthread_mutex_unlock(&lock);
	qemu_plugin_register_vcpu_tb_exec_inline(tb, QEMU_PLUGIN_INLINE_ADD_U64,
						 &b->count, 1);
}

/* PC -> count, open addressing; a block retranslated adds to the same PCs. */
struct slot {
	uint64_t pc, count;
	int used;
};
static struct slot *table;
static size_t table_size, table_used;

static size_t hash(uint64_t pc)
{
	pc ^= pc >> 29;
	pc *= 0xbf58476d1ce4e5b9ULL;
	return (size_t)(pc ^ (pc >> 32));
}

static int table_grow(void)
{
	size_t old_size = table_size, i, j, size = old_size ? old_size * 2 : 1 << 16;
	struct slot *old = table, *t = calloc(size, sizeof(*t));

	if (!t)
		return -1;
	for (i = 0; i < old_size; i++) {
		if (!old[i].used)
			continue;
		for (j = hash(old[i].pc) & (size - 1); t[j].used; j = (j + 1) & (size - 1))
			;
		t[j] = old[i];
	}
	free(old);
	table = t;
	table_size = size;
	return 0;
}

static int table_add(uint64_t pc, uint64_t count)
{
	size_t j;

	if ((table_used + 1) * 2 > table_size && table_grow())
		return -1;
	for (j = hash(pc) & (table_size - 1); table[j].used; j = (j + 1) & (table_size - 1))
		if (table[j].pc == pc) {
			table[j].count += count;
			return 0;
		}
	table[j].used = 1;
	table[j].pc = pc;
	table[j].count = count;
	table_used++;
	return 0;
}

static void at_exit(qemu_plugin_id_t id, void *p)
{
	struct block *b;
	uint64_t insns = 0, nblocks = 0;
	size_t i;
	FILE *f;

	(void)id;
	(void)p;
	for (b = blocks; b; b = b->next, nblocks++) {
		if (!b->count)
			continue;
		for (i = 0; i < b->n; i++)
			if (table_add(b->pc[i], b->count)) {
				qemu_plugin_outs("profile plugin: out of memory\n");
				return;
			}
		insns += b->count * b->n;
	}
	f = fopen(out_path, "w");
	if (!f) {
		qemu_plugin_outs("profile plugin: cannot write the output file\n");
		return;
	}
	fprintf(f, "# insns=%" PRIu64 " tbs=%" PRIu64 "\n", insns, nblocks);
	for (i = 0; i < table_size; i++)
		if (table[i].used)
			fprintf(f, "%" PRIx64 " %" PRIu64 "\n", table[i].pc, table[i].count);
	fclose(f);
}

QEMU_PLUGIN_EXPORT int qemu_plugin_install(qemu_plugin_id_t id, const qemu_info_t *info,
					   int argc, char **argv)
{
	int i;

	(void)info;
	for (i = 0; i < argc; i++)
		if (!strncmp(argv[i], "out=", 4))
			out_path = strdup(argv[i] + 4);
	if (!out_path) {
		qemu_plugin_outs("profile plugin: want arg=out=PATH\n");
		return -1;
	}
	qemu_plugin_register_vcpu_tb_trans_cb(id, tb_trans);
	qemu_plugin_register_atexit_cb(id, at_exit, NULL);
	return 0;
}
