/*
 * exec.c - programs from the initrd: exec() and the first process.
 *
 * exec() first asks the scheduler where the new image should live
 * (sched_balance_exec(): the least loaded CPU of the least loaded node,
 * 2.5.59), moves there, and only then builds the address space, so that
 * every page of the new image comes from the node the task now runs on.
 * The file is checked completely (elf_check) before anything of the old
 * image is dropped: a bad file leaves the caller running with -ENOEXEC.
 */
#include "proc.h"
#include "bootinfo.h"
#include "cpu.h"
#include "elf.h"
#include "file.h"
#include "heap.h"
#include "initrd.h"
#include "mm.h"
#include "paging.h"
#include "panic.h"
#include "percpu.h"
#include "pmm.h"
#include "printk.h"
#include "string.h"
#include "sysenter.h"
#include "task.h"
#include "textcache.h"
#include "trap.h"
#include "uaccess.h"
#include "usermode.h"
#include "uapi/memlayout.h"
#include "uapi/vsyscall.h"

/* The stack: the USER_STACK_SIZE reservation (1 MiB) on demand, but for
 * its lowest page (the vsyscall page); a program that needs more faults
 * there and is killed. Only when the mm
 * has no room for the range (mm.h) are 64 KiB mapped at exec instead. */
#define USER_STACK_MAPPED	(64u * 1024)

void fork_child_start(void);	/* switch.asm */

static const void *initrd_buf;
static size_t initrd_len;

/* The initrd is the first boot module (GRUB `module`, QEMU -initrd). */
static int initrd_ready(void)
{
	const char *why = 0;
	int n;

	if (initrd_buf)
		return 1;
	if (!boot_info.nmodules)
		return 0;
	/* A loader may put it high; the kernel maps no RAM in user space. */
	if (boot_info.modules[0].end > PAGING_HOLE_START &&
	    boot_info.modules[0].start < PAGING_HOLE_END) {
		printk("initrd: at [0x%x-0x%x), in user space, which the kernel "
		       "does not map (paging.h): not used\n",
		       boot_info.modules[0].start, boot_info.modules[0].end);
		boot_info.nmodules = 0;
		return 0;
	}
	initrd_buf = (const void *)(uintptr_t)boot_info.modules[0].start;
	initrd_len = boot_info.modules[0].end - boot_info.modules[0].start;
	n = initrd_check(initrd_buf, initrd_len, &why);
	if (n < 0)
		printk("initrd: damaged (%s); the entries before the damage "
		       "stay readable\n", why ? why : "?");
	else
		printk("initrd: %d entries, %u bytes\n", n, (unsigned)initrd_len);
	return 1;
}

int initrd_lookup(const char *path, const void **data, size_t *size)
{
	struct initrd_file f;
	int r;

	if (!initrd_ready())
		return -ENOENT;
	r = initrd_find(initrd_buf, initrd_len, path, &f, 0);
	if (r)
		return -ENOENT;
	if (INITRD_IS_DIR(f.mode))
		return -EISDIR;
	*data = f.data;
	*size = f.size;
	return 0;
}

/* Copy n bytes to user address va of mm (not the running one), mapping
 * the demand-zero pages it writes to. */
static int mm_copy_in(struct mm *mm, uint32_t va, const void *src, uint32_t n)
{
	const char *s = src;

	while (n) {
		char *dst = mm_lookup(mm, va);
		uint32_t chunk = PAGE_SIZE - (va & (PAGE_SIZE - 1));
		int err;

		if (!dst) {
			err = mm_zero_fault(mm, va);
			if (err)
				return err;
			dst = mm_lookup(mm, va);
		}
		if (chunk > n)
			chunk = n;
		memcpy(dst, s, chunk);
		va += chunk;
		s += chunk;
		n -= chunk;
	}
	return 0;
}

/* 1 when the page at va holds bytes of a segment of im other than seg i. */
static int page_shared(const struct elf_image *im, int i, uint32_t va)
{
	int j;

	for (j = 0; j < im->nseg; j++) {
		const struct elf_segment *o = &im->seg[j];

		if (j != i && o->vaddr < va + PAGE_SIZE &&
		    o->vaddr + o->memsz > va)
			return 1;
	}
	return 0;
}

/* Map the page at va of segment sg (index i), private or shared. */
static int map_one(struct mm *mm, const struct elf_image *im, int i,
		   const void *file, uint32_t va)
{
	const struct elf_segment *sg = &im->seg[i];
	uint32_t w = (sg->flags & ELF_SEG_W) ? PTE_W : 0;
	uint32_t lo = va > sg->vaddr ? va : sg->vaddr;
	uint32_t fend = sg->vaddr + sg->filesz;
	uint32_t hi = va + PAGE_SIZE < fend ? va + PAGE_SIZE : fend;
	void *page;

	/* Read-only pages: the node's shared copy (textcache.h). */
	if (!w && !page_shared(im, i, va)) {
		page = textcache_get(file, sg, va, mm->node);
		if (page) {
			if (!mm_map_existing(mm, va, page, 0))
				return 0;
			page_put(page);
			return -ENOMEM;
		}
	}
	if (!mm_map_page(mm, va, w))
		return -ENOMEM;
	if (hi > lo && mm_copy_in(mm, lo, (const char *)file + sg->offset +
				  (lo - sg->vaddr), hi - lo))
		return -ENOMEM;
	return 0;
}

static int map_segments(struct mm *mm, const struct elf_image *im,
			const void *file)
{
	int i;

	for (i = 0; i < im->nseg; i++) {
		const struct elf_segment *sg = &im->seg[i];
		uint32_t va, end = sg->vaddr + sg->memsz;
		int w = sg->flags & ELF_SEG_W;
		/* The whole pages of a writable segment's bss come on first
		 * touch (mm.h); the page holding the last file byte, and the
		 * one holding the last bss byte (it may share the next
		 * segment's page), are mapped now with this segment's rights. */
		uint32_t zlo = (sg->vaddr + sg->filesz + PAGE_SIZE - 1) &
			       ~(PAGE_SIZE - 1);
		uint32_t zhi = end & ~(PAGE_SIZE - 1);

		if (!w || zhi <= zlo || mm_add_zero_range(mm, zlo, zhi))
			zlo = zhi = end;
		for (va = sg->vaddr & ~(PAGE_SIZE - 1); va < end; va += PAGE_SIZE)
			if ((va < zlo || va >= zhi) &&
			    map_one(mm, im, i, file, va))
				return -ENOMEM;
	}
	return 0;
}

/* argc, argv[], NULL, NULL (envp), then the strings: Linux's layout. */
static int build_stack(struct mm *mm, int argc, char **argv, uint32_t *esp)
{
	uint32_t va, sp = USER_TOP, ptrs[EXEC_MAX_ARGS + 3];
	int i;

	/* The stack's pages come on first touch (mm.h), the arguments'
	 * through mm_copy_in() below. */
	if (mm_add_zero_range(mm, VSYSCALL_ADDR + PAGE_SIZE, USER_TOP))
		for (va = USER_TOP - USER_STACK_MAPPED; va < USER_TOP;
		     va += PAGE_SIZE)
			if (!mm_map_page(mm, va, PTE_W))
				return -ENOMEM;
	for (i = argc - 1; i >= 0; i--) {
		uint32_t len = strlen(argv[i]) + 1;

		sp -= len;
		if (mm_copy_in(mm, sp, argv[i], len))
			return -ENOMEM;
		ptrs[1 + i] = sp;
	}
	sp &= ~15u;
	ptrs[0] = (uint32_t)argc;
	ptrs[1 + argc] = 0;
	ptrs[2 + argc] = 0;
	sp -= (uint32_t)(argc + 3) * 4;
	if (mm_copy_in(mm, sp, ptrs, (uint32_t)(argc + 3) * 4))
		return -ENOMEM;
	*esp = sp;
	return 0;
}

/* The new image of path on node: its mm, entry and stack pointer. */
static int load_image(const char *path, int argc, char **argv, int node,
		      struct mm **out, uint32_t *entry, uint32_t *esp)
{
	/* 64 MiB of segments at most: more than any program of ours. */
	const struct elf_limits lim = { USER_BASE, USER_STACK_LOW, 64u << 20 };
	struct elf_image im;
	const void *data;
	size_t size;
	struct mm *mm;
	int err;

	err = initrd_lookup(path, &data, &size);
	if (err)
		return err;
	if (elf_check(data, size, &lim, &im)) {
		printk("exec: %s: not an executable we run (%s)\n", path,
		       im.why ? im.why : "?");
		return -ENOEXEC;
	}
	mm = mm_create(node);
	if (!mm)
		return -ENOMEM;
	err = map_segments(mm, &im, data);
	if (!err)
		err = build_stack(mm, argc, argv, esp);
	if (!err)
		err = vsyscall_map(mm);
	if (err) {
		mm_destroy(mm);
		return err;
	}
	*out = mm;
	*entry = im.entry;
	return 0;
}

static void set_name(struct task *t, const char *path)
{
	const char *base = path, *s;

	for (s = path; *s; s++)
		if (*s == '/')
			base = s + 1;
	strlcpy(t->name, base, sizeof(t->name));
}

int do_exec(struct trap_frame *f, const char *path, int argc, char **argv)
{
	struct task *t = this_task();
	struct mm *mm, *old;
	uint32_t entry, esp, flags;
	int err;

	sched_balance_exec();	/* we may run on another CPU from here */
	err = load_image(path, argc, argv, this_cpu()->node, &mm, &entry, &esp);
	if (err)
		return err;
	flags = irq_save();
	old = t->mm;
	t->mm = mm;
	t->cr3 = (uint32_t)(uintptr_t)mm->pgdir;
	write_cr3(t->cr3);
	irq_restore(flags);
	mm_destroy(old);	/* no CPU runs on it: it was ours alone */
	fpu_exec(&t->fpu);	/* no registers of the old image survive */
	t->s.node = mm->node;
	set_name(t, path);
	usermode_frame(f, entry, esp);
	return 0;
}

/* init's argv: "init", then the words of the command line after "--". */
static char init_cmdline[BOOT_CMDLINE_MAX];

static int init_args(char **argv)
{
	char *s = init_cmdline, *w;
	int argc = 0, after = 0;

	strlcpy(init_cmdline, boot_info.cmdline, sizeof(init_cmdline));
	argv[argc++] = "init";
	while (*s && argc < EXEC_MAX_ARGS) {
		while (*s == ' ')
			s++;
		if (!*s)
			break;
		for (w = s; *s && *s != ' '; s++)
			;
		if (*s)
			*s++ = '\0';
		if (after)
			argv[argc++] = w;
		else if (!strcmp(w, "--"))
			after = 1;
	}
	return argc;
}

/*
 * pid 1: a task whose kernel stack starts like a forked child's (a trap
 * frame into user mode at the program's entry), with the console as fds
 * 0, 1 and 2.
 */
int proc_start_init(void)
{
	static const char *const paths[] = { "/bin/init", "/init", "/sbin/init" };
	int node = this_cpu()->node, err = -ENOENT, i, argc;
	struct trap_frame *tf;
	uint32_t entry, esp, *sp;
	struct task *t;
	struct mm *mm = 0;
	char *argv[EXEC_MAX_ARGS];

	if (!initrd_ready())
		return -ENOENT;
	argc = init_args(argv);
	for (i = 0; i < (int)(sizeof(paths) / sizeof(paths[0])); i++) {
		err = load_image(paths[i], argc, argv, node, &mm, &entry, &esp);
		if (err != -ENOENT)
			break;
	}
	if (err)
		return err;
	t = task_alloc("init", node);
	if (!t) {
		mm_destroy(mm);
		return -ENOMEM;
	}
	t->is_proc = 1;
	t->mm = mm;
	t->cr3 = (uint32_t)(uintptr_t)mm->pgdir;
	set_name(t, paths[i]);
	tf = (struct trap_frame *)(t->kstack + KSTACK_SIZE) - 1;
	usermode_frame(tf, entry, esp);
	sp = (uint32_t *)tf;
	*--sp = (uint32_t)(uintptr_t)fork_child_start;
	*--sp = 0;	/* ebp */
	*--sp = 0;	/* ebx */
	*--sp = 0;	/* esi */
	*--sp = 0;	/* edi */
	t->esp = (uint32_t)(uintptr_t)sp;
	t->files[0] = file_get(&console_file);
	t->files[1] = file_get(&console_file);
	t->files[2] = file_get(&console_file);
	if (task_alloc_pid(t) < 0) {
		task_free(t);
		return -EAGAIN;
	}
	sched_fork(NULL, &t->s);
	t->s.node = node;
	wake_up_new_task(&t->s);
	printk("init: %s started as pid %d with %d argument%s\n", paths[i],
	       t->s.pid, argc - 1, argc == 2 ? "" : "s");
	return 0;
}
