/*
 * fastpath - the system call entries: the vsyscall page's (sysenter where
 * the kernel enables it) and `int $0x80` itself, on every way back to user
 * mode (arch/x86/sysenter.c: sysexit when the frame is untouched, iret when
 * it was rewritten).
 *
 *   fastpath [sysenter|int80]   also check that the vsyscall page holds
 *                               that entry (the boot's choice)
 *
 * For each entry: every register but eax comes back; a fork child returns
 * 0 (through iret) with its registers; exec starts the new image (iret)
 * whose own calls work; a read that blocks on an empty pipe is woken by a
 * writer and returns its bytes; a read made with DF set copies forwards
 * (the kernel clears DF) and DF is set again afterwards; the status flags
 * come back as they went in; a read made with es and gs null works and
 * leaves every segment register as it was; a call made with another CPU's
 * per-CPU %gs reaches this CPU's data; a call made with a null, a per-CPU
 * or the user's %ds returns; AC and ID set by a process on our CPU never
 * come back to us from a sleep. Then: the page is read-only to the
 * kernel's user copies too (-EFAULT); a raw sysenter with a kernel address
 * as its stack kills only its process (with sysenter on: the stub's pops
 * fault in user mode; off: sysenter itself faults); a read through the
 * per-CPU %gs kills only its process; and, with sysenter on, a call
 * entered with TF set (single-stepping) returns.
 * Dangerous checks run in a child, whose exit status says what happened.
 */
#include <stdint.h>
#include <stdlib.h>
#include <unistd.h>
#include "uapi/vsyscall.h"
#include "tests/tap.h"

#define EXEC_CODE	42	/* the exec'd image's exit status */
#define FORK_CODE	7
#define BLOCK_MS	50	/* the writer's sleep before it writes */
#define SIGSEGV		11
#define EFLAGS_DF	(1u << 10)
#define USER_DS_SEL	0x23	/* arch/x86/gdt.h GDT_USER_DS: ds and ss here */

typedef long (*sysfn)(long, long, long, long, long, long);

static const char *const entry_name[2] = { "vsyscall", "int80" };
static const sysfn entry_fn[2] = { syscall5, syscall5_int80 };

/* Registers in and out of one getpid, read and written by the asm below. */
uint32_t fp_in[6] = { 0x11111111, 0x22222222, 0x33333333, 0x44444444,
		      0x55555555, 0x66666666 };
uint32_t fp_out[6];

#define CALL_WITH_REGS(insn)						\
	__asm__ volatile("pushl %%ebp\n\t"				\
			 "movl fp_in, %%ebx\n\t"			\
			 "movl fp_in+4, %%ecx\n\t"			\
			 "movl fp_in+8, %%edx\n\t"			\
			 "movl fp_in+12, %%esi\n\t"			\
			 "movl fp_in+16, %%edi\n\t"			\
			 "movl fp_in+20, %%ebp\n\t"			\
			 insn "\n\t"					\
			 "movl %%ebx, fp_out\n\t"			\
			 "movl %%ecx, fp_out+4\n\t"			\
			 "movl %%edx, fp_out+8\n\t"			\
			 "movl %%esi, fp_out+12\n\t"			\
			 "movl %%edi, fp_out+16\n\t"			\
			 "movl %%ebp, fp_out+20\n\t"			\
			 "popl %%ebp"					\
			 : "=a"(r)					\
			 : "a"(SYS_getpid), [vs] "i"(VSYSCALL_ADDR)	\
			 : "ebx", "ecx", "edx", "esi", "edi", "memory", "cc")

static void check_regs(int e)
{
	char name[40];
	long r;
	int i, bad = -1;

	if (e)
		CALL_WITH_REGS("int $0x80");
	else
		CALL_WITH_REGS("call %c[vs]");
	for (i = 5; i >= 0; i--)
		if (fp_out[i] != fp_in[i])
			bad = i;
	snprintf(name, sizeof(name), "%s_regs_kept", entry_name[e]);
	tap_ok(r == getpid() && bad < 0, name, "getpid %ld, first changed "
	       "register %d (ebx ecx edx esi edi ebp)", r, bad);
}

static int wait_status(int pid)
{
	int st = -1;

	if (waitpid(pid, &st, 0) != pid)
		return -1;
	return st;
}

static void check_fork(int e, uint32_t magic)
{
	int me = getpid(), pid, st;
	char name[40];

	pid = (int)entry_fn[e](SYS_fork, 0, 0, 0, 0, 0);
	if (pid == 0)	/* magic lives in a register or our copied stack */
		_exit(getppid() == me && magic == 0x5eedf00d ? FORK_CODE : 1);
	st = pid > 0 ? wait_status(pid) : -1;
	snprintf(name, sizeof(name), "%s_fork_child", entry_name[e]);
	tap_ok(WIFEXITED(st) && WEXITSTATUS(st) == FORK_CODE, name,
	       "pid %d status 0x%x", pid, st);
}

static void check_exec(int e, const char *self)
{
	char *argv[] = { (char *)"fastpath", (char *)"exec-child", 0 };
	char name[40];
	long bad;
	int pid, st;

	bad = entry_fn[e](SYS_exec, (long)"/bin/no-such-file", 0, 0, 0, 0);
	snprintf(name, sizeof(name), "%s_exec_enoent", entry_name[e]);
	TAP_EXPECT(name, bad, -ENOENT);
	pid = fork();
	if (pid == 0) {
		entry_fn[e](SYS_exec, (long)self, (long)argv, 0, 0, 0);
		_exit(1);
	}
	st = pid > 0 ? wait_status(pid) : -1;
	snprintf(name, sizeof(name), "%s_exec_image", entry_name[e]);
	tap_ok(WIFEXITED(st) && WEXITSTATUS(st) == EXEC_CODE, name,
	       "status 0x%x", st);
}

static void check_blocking_read(int e)
{
	int p[2], pid, st;
	char buf[8] = "";
	uint64_t t0, dt;
	char name[40];
	long r;

	if (pipe(p)) {
		tap_ok(0, "pipe", "pipe failed");
		return;
	}
	pid = fork();
	if (pid == 0) {
		sleep_ms(BLOCK_MS);
		_exit(write(p[1], "wake", 4) == 4 ? 0 : 1);
	}
	t0 = now_us();
	r = entry_fn[e](SYS_read, p[0], (long)buf, 4, 0, 0);
	dt = now_us() - t0;
	st = pid > 0 ? wait_status(pid) : -1;
	close(p[0]);
	close(p[1]);
	snprintf(name, sizeof(name), "%s_blocking_read", entry_name[e]);
	/* The writer sleeps BLOCK_MS first: less means we never blocked. */
	tap_ok(r == 4 && !memcmp(buf, "wake", 4) && st == 0 &&
	       dt >= BLOCK_MS * 1000 / 2, name, "read %ld after %llu us",
	       r, (unsigned long long)dt);
}

/* read() with DF set: pipe_read's memcpy (rep movsb) runs before any user
 * copy (whose own cld would hide a missing one at the entry). */
static long read_df(int e, int fd, void *buf, long n, uint32_t *fl)
{
	long r;

	if (e)
		__asm__ volatile("std\n\tint $0x80\n\tpushfl\n\tpopl %1\n\tcld"
				 : "=a"(r), "=r"(*fl)
				 : "a"(SYS_read), "b"(fd), "c"(buf), "d"(n)
				 : "memory", "cc");
	else
		__asm__ volatile("std\n\tcall %c[vs]\n\tpushfl\n\tpopl %1\n\tcld"
				 : "=a"(r), "=r"(*fl)
				 : "a"(SYS_read), "b"(fd), "c"(buf), "d"(n),
				   [vs] "i"(VSYSCALL_ADDR)
				 : "memory", "cc");
	return r;
}

static void check_df(int e)
{
	char out[64], in[64];
	uint32_t fl = 0;
	char name[40];
	int p[2], i;
	long w, r;

	for (i = 0; i < (int)sizeof(out); i++)
		out[i] = (char)(i * 7 + 1);
	memset(in, 0, sizeof(in));
	if (pipe(p)) {
		tap_ok(0, "pipe", "pipe failed");
		return;
	}
	w = write(p[1], out, sizeof(out));
	r = read_df(e, p[0], in, sizeof(in), &fl);
	close(p[0]);
	close(p[1]);
	snprintf(name, sizeof(name), "%s_df_set", entry_name[e]);
	tap_ok(w == sizeof(out) && r == sizeof(in) && !memcmp(in, out, sizeof(in)) &&
	       (fl & EFLAGS_DF), name, "wrote %ld, read %ld, data %s, DF %s after",
	       w, r, memcmp(in, out, sizeof(in)) ? "differs" : "same",
	       fl & EFLAGS_DF ? "set" : "clear");
}

/*
 * The status flags (CF PF AF ZF SF OF) come back as they went in: the
 * sysexit path sets them without popfd when nothing else differs
 * (arch/x86/sysentry.asm). Each pattern once, with DF clear.
 */
#define EFLAGS_STATUS	0x8d5u
#define CALL_WITH_STATUS(insn)						\
	__asm__ volatile("pushfl\n\tandl $~0x8d5, (%%esp)\n\t"		\
			 "orl %[pat], (%%esp)\n\tpopfl\n\t"		\
			 insn "\n\tpushfl\n\tpopl %[fl]"			\
			 : "=a"(r), [fl] "=r"(fl)				\
			 : "a"(SYS_getpid), [pat] "r"(pattern),		\
			   [vs] "i"(VSYSCALL_ADDR)				\
			 : "memory", "cc")

static uint32_t status_after(int e, uint32_t pattern)
{
	uint32_t fl;
	long r;

	if (e)
		CALL_WITH_STATUS("int $0x80");
	else
		CALL_WITH_STATUS("call %c[vs]");
	return r == getpid() ? fl & EFLAGS_STATUS : 0xffffffffu;
}

static void check_status_flags(int e)
{
	static const uint32_t pat[] = { 0, EFLAGS_STATUS, 0x800, 0x0d5, 0x841,
					0x094, 0x001, 0x080 };
	uint32_t got = 0;
	char name[40];
	int i, bad = -1;

	for (i = 0; i < (int)(sizeof(pat) / sizeof(pat[0])) && bad < 0; i++) {
		got = status_after(e, pat[i]);
		if (got != pat[i])
			bad = i;
	}
	snprintf(name, sizeof(name), "%s_status_flags_kept", entry_name[e]);
	tap_ok(bad < 0, name, bad < 0 ? "%d patterns" : "pattern 0x%03x came back "
	       "as 0x%03x", bad < 0 ? i : (int)pat[bad], got);
}

/* Segment registers after a read() made with es = gs = 0 (null) and
 * fs = the user data segment, by the asm below. */
uint16_t fp_segs[3];

#define READ_WITH_SEGS(insn)						\
	__asm__ volatile("pushl %%es\n\tpushl %%fs\n\tpushl %%gs\n\t"	\
			 "xorl %%esi, %%esi\n\t"				\
			 "movw %%si, %%es\n\tmovw %%si, %%gs\n\t"		\
			 "movl %[uds], %%esi\n\tmovw %%si, %%fs\n\t"		\
			 insn "\n\t"						\
			 "movw %%es, fp_segs\n\tmovw %%fs, fp_segs+2\n\t"	\
			 "movw %%gs, fp_segs+4\n\t"				\
			 "popl %%gs\n\tpopl %%fs\n\tpopl %%es"		\
			 : "=a"(r)						\
			 : "a"(SYS_read), "b"(p[0]), "c"(in), "d"(sizeof(in)),	\
			   [vs] "i"(VSYSCALL_ADDR), [uds] "i"(USER_DS_SEL)	\
			 : "esi", "memory", "cc")

/*
 * The entries skip segment loads the user's values make unneeded; a null
 * es must still be replaced for the kernel's rep movsb (else #GP in the
 * kernel), and every segment must come back as the user left it.
 */
static void check_segments(int e)
{
	char in[4] = "", name[40];
	int p[2];
	long r;

	if (pipe(p)) {
		tap_ok(0, "pipe", "pipe failed");
		return;
	}
	write(p[1], "segs", 4);
	fp_segs[0] = fp_segs[1] = fp_segs[2] = 0xffff;
	if (e)
		READ_WITH_SEGS("int $0x80");
	else
		READ_WITH_SEGS("call %c[vs]");
	close(p[0]);
	close(p[1]);
	snprintf(name, sizeof(name), "%s_segments_kept", entry_name[e]);
	tap_ok(r == 4 && !memcmp(in, "segs", 4) && fp_segs[0] == 0 &&
	       fp_segs[1] == USER_DS_SEL && fp_segs[2] == 0, name,
	       "read %ld; es 0x%x fs 0x%x gs 0x%x after (want 0, 0x%x, 0)",
	       r, fp_segs[0], fp_segs[1], fp_segs[2], USER_DS_SEL);
}

static uint16_t read_gs(void)
{
	uint16_t g;

	__asm__ volatile("movw %%gs, %0" : "=r"(g));
	return g;
}

/* lsl: 1 when sel names a descriptor ring 3 may load; its limit in *lim. */
static int seg_limit(uint32_t sel, uint32_t *lim)
{
	uint32_t l = 0;
	uint8_t ok;

	__asm__ volatile("lsl %2, %0\n\tsetz %1" : "+r"(l), "=q"(ok) : "r"(sel) : "cc");
	*lim = l;
	return ok;
}

/* A per-CPU selector as far as ring 3 can tell: RPL 3, loadable, the
 * limit of the one the process started with (every CPU's is the same). */
static int percpu_like(uint16_t sel, uint32_t want_lim)
{
	uint32_t lim;

	return sel && sel != USER_DS_SEL && (sel & 3) == 3 &&
	       seg_limit(sel, &lim) && lim == want_lim;
}

/*
 * A process runs with its CPU's per-CPU selector in %gs, and the entries
 * load %gs only when it is not this CPU's (arch/x86/gdt.h). So a process
 * holding ANOTHER CPU's selector must still reach this CPU's data: getpid
 * would otherwise read another CPU's current task. 200 calls, each after
 * loading a neighbouring CPU's selector; each must return our pid and come
 * back with a per-CPU selector (the one of the CPU it returns on).
 */
static void check_percpu_gs(int e)
{
	uint16_t own = read_gs(), other = 0, after = 0;
	uint32_t lim = 0, l;
	int i, wrong = 0, lost = 0, pid = getpid();
	char name[40];
	long r;

	snprintf(name, sizeof(name), "%s_percpu_gs", entry_name[e]);
	if (!seg_limit(own, &lim) || !percpu_like(own, lim)) {
		tap_ok(0, name, "gs 0x%x at start is no per-CPU selector", own);
		return;
	}
	if (seg_limit(own + 16u, &l) && l == lim)
		other = own + 16;
	else if (own > 16 && seg_limit(own - 16u, &l) && l == lim)
		other = own - 16;
	if (!other) {
		tap_ok(0, name, "no other CPU's selector beside 0x%x", own);
		return;
	}
	for (i = 0; i < 200; i++) {
		__asm__ volatile("movw %w0, %%gs" : : "r"(other) : "memory");
		r = entry_fn[e](SYS_getpid, 0, 0, 0, 0, 0);
		after = read_gs();
		wrong += r != pid;
		lost += !percpu_like(after, lim);
	}
	tap_ok(!wrong && !lost, name, "gs 0x%x, another CPU's 0x%x: %d of 200 "
	       "getpids wrong, %d returns without a per-CPU gs (last 0x%x)",
	       own, other, wrong, lost, after);
}

/*
 * The entry must not read kernel data through the user's %ds, which may
 * hold anything ring 3 can load: null (a #GP in ring 0 on a real CPU,
 * which QEMU's TCG does not raise), the per-CPU selector (a base of its
 * own: the read lands elsewhere, even under QEMU) or the user's own.
 * Each call in a child: a wrong entry kills it.
 */
static void check_ds(int e, const char *what, uint16_t sel)
{
	int pid = fork(), st;
	char name[40];

	if (pid == 0) {
		long r;

		if (e)
			__asm__ volatile("pushl %%ds\n\tmovw %w1, %%ds\n\t"
					 "int $0x80\n\tpopl %%ds"
					 : "=a"(r) : "r"(sel), "a"(SYS_getpid)
					 : "memory", "cc");
		else
			__asm__ volatile("pushl %%ds\n\tmovw %w1, %%ds\n\t"
					 "call %c[vs]\n\tpopl %%ds"
					 : "=a"(r) : "r"(sel), "a"(SYS_getpid),
					   [vs] "i"(VSYSCALL_ADDR)
					 : "memory", "cc");
		_exit(r == getpid() ? 0 : 1);
	}
	st = pid > 0 ? wait_status(pid) : -1;
	snprintf(name, sizeof(name), "%s_ds_%s", entry_name[e], what);
	tap_ok(st == 0, name, "ds 0x%x: status 0x%x (0: returned with our pid)",
	       sel, st);
}

/*
 * EFLAGS.AC and ID are no status flags: a process that sets them keeps
 * them to itself. A hog on our CPU spins with both set (and is preempted
 * with them, by interrupt gates, which keep them); we sleep 200 times
 * and look at our flags after each return.
 */
#define EFLAGS_AC_ID	((1u << 18) | (1u << 21))
#define FLAG_ROUNDS	200

static void check_flags_private(int e)
{
	cpumask_u mask, old = CPU_MASK_ALL;
	unsigned int cpu = 0;
	int i, pid, seen = 0, st;
	uint32_t fl;
	char name[40];

	snprintf(name, sizeof(name), "%s_ac_id_private", entry_name[e]);
	sched_getaffinity(0, sizeof(old), &old);
	if (getcpu(&cpu, 0) || cpu >= NR_CPUS) {
		tap_ok(0, name, "getcpu failed");
		return;
	}
	mask = cpumask_of(cpu);
	if (sched_setaffinity(0, sizeof(mask), &mask)) {
		tap_ok(0, name, "cannot pin to CPU %u", cpu);
		return;
	}
	pid = fork();
	if (pid == 0) {
		/* Nice 19: our wakeups preempt it at once, not after its slice. */
		setnice(0, 19);
		__asm__ volatile("pushfl\n\torl %0, (%%esp)\n\tpopfl\n"
				 "1:\tjmp 1b" : : "i"(EFLAGS_AC_ID));
	}
	for (i = 0; i < FLAG_ROUNDS && pid > 0; i++) {
		entry_fn[e](SYS_sleep_ms, 1, 0, 0, 0, 0);
		__asm__ volatile("pushfl\n\tpopl %0" : "=r"(fl));
		seen += (fl & EFLAGS_AC_ID) != 0;
	}
	if (pid > 0)
		kill(pid, SIGKILL);
	st = pid > 0 ? wait_status(pid) : -1;
	sched_setaffinity(0, sizeof(old), &old);
	tap_ok(pid > 0 && WIFSIGNALED(st) && !seen, name, "CPU %u: %d of %d "
	       "returns came with AC or ID set (hog status 0x%x)", cpu, seen,
	       FLAG_ROUNDS, st);
}

/* ...and gives ring 3 no access: the base is the kernel's (supervisor). */
static void check_percpu_gs_faults(void)
{
	int pid = fork(), st;

	if (pid == 0) {
		uint32_t v;

		__asm__ volatile("movl %%gs:0, %0" : "=r"(v) : : "memory");
		_exit(v == 0x5eed ? 2 : 1);	/* not reached */
	}
	st = pid > 0 ? wait_status(pid) : -1;
	tap_ok(WIFSIGNALED(st) && WTERMSIG(st) == SIGSEGV, "percpu_gs_no_access",
	       "status 0x%x (want killed, signal %d)", st, SIGSEGV);
}

/* The kernel's copies to user memory must not write the vsyscall page. */
static void check_page_readonly(void)
{
	const volatile uint8_t *page = (const volatile uint8_t *)VSYSCALL_ADDR;
	uint8_t first = page[0];
	int p[2];
	long r = -1;

	if (!pipe(p)) {
		write(p[1], "x", 1);
		r = read(p[0], (void *)VSYSCALL_ADDR, 1);
		close(p[0]);
		close(p[1]);
	}
	tap_ok(r == -EFAULT && page[0] == first, "vsyscall_page_readonly",
	       "read into it: %ld", r);
}

/* A raw sysenter whose "stack" (ebp) is the kernel's image. */
static void check_raw_sysenter(void)
{
	int pid = fork(), st;

	if (pid == 0) {
		__asm__ volatile("movl $0x00100000, %%ebp\n\tsysenter"
				 : : "a"(SYS_getpid) : "memory");
		_exit(1);	/* not reached */
	}
	st = pid > 0 ? wait_status(pid) : -1;
	tap_ok(WIFSIGNALED(st) && WTERMSIG(st) == SIGSEGV,
	       "raw_sysenter_bad_stack", "status 0x%x (want killed, signal %d)",
	       st, SIGSEGV);
}

/* sysenter with TF set: the stub's frame by hand, popf just before. */
static void check_single_step(int sysenter_on)
{
	int pid, st;

	if (!sysenter_on) {
		tap_ok(1, "sysenter_single_step", "SKIP sysenter is off");
		return;
	}
	pid = fork();
	if (pid == 0) {
		long r;

		__asm__ volatile("pushl $1f\n\t"
				 "pushl %%ecx\n\t"
				 "pushl %%edx\n\t"
				 "pushl %%ebp\n\t"
				 "movl %%esp, %%ebp\n\t"
				 "pushfl\n\t"
				 "orl $0x100, (%%esp)\n\t"
				 "popfl\n\t"
				 "sysenter\n"
				 "1:"
				 : "=a"(r) : "a"(SYS_getpid) : "memory", "cc");
		_exit(r == getpid() ? 0 : 1);
	}
	st = pid > 0 ? wait_status(pid) : -1;
	tap_ok(st == 0, "sysenter_single_step", "status 0x%x", st);
}

int main(int argc, char **argv)
{
	const volatile uint8_t *page = (const volatile uint8_t *)VSYSCALL_ADDR;
	/* A value the compiler cannot fold, to be kept across fork. */
	uint32_t magic = 0x5eedf00d + (uint32_t)(argc > 99);
	int on, e;

	if (argc > 1 && !strcmp(argv[1], "exec-child"))
		return getpid() > 0 && syscall5_int80(SYS_getpid, 0, 0, 0, 0, 0)
			== getpid() ? EXEC_CODE : 1;
	tap_start("fastpath");
	on = page[0] == VSYSCALL_OP_SYSENTER;
	tap_ok(on || page[0] == VSYSCALL_OP_INT80, "vsyscall_page",
	       "first byte 0x%02x: %s", page[0], on ? "sysenter" : "int80");
	if (argc > 1)
		tap_ok(!strcmp(argv[1], on ? "sysenter" : "int80"),
		       "vsyscall_entry_expected", "want %s, page has %s",
		       argv[1], on ? "sysenter" : "int80");
	for (e = 0; e < 2; e++) {
		check_regs(e);
		check_fork(e, magic);
		check_exec(e, "/bin/fastpath");
		check_blocking_read(e);
		check_df(e);
		check_status_flags(e);
		check_segments(e);
		check_percpu_gs(e);
		check_ds(e, "null", 0);
		check_ds(e, "percpu", read_gs());
		check_ds(e, "user", USER_DS_SEL);
		check_flags_private(e);
	}
	check_percpu_gs_faults();
	check_page_readonly();
	check_raw_sysenter();
	check_single_step(on);
	return tap_end();
}
