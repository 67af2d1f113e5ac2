/*
 * test_sh.c - the shell's line editor, parser and builtins on the host.
 *
 * user/sh/ and the user library are built for the host and renamed with
 * the prefix u_ (mk/user.mk, as for test_ulib), so u_line_read() is the
 * shell's editor and u_sh_run_line() its command runner. The system calls
 * they make land in the u_*() stubs below: read() replays scripted
 * keystrokes, write() is captured, fork() is real but exec() only records
 * what would have run (and exits), and open() serves one in-memory script.
 */
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/wait.h>
#include <unistd.h>
#define WNOHANG_LINUX	WNOHANG
#undef WNOHANG
#undef WIFEXITED
#undef WEXITSTATUS
#undef WIFSIGNALED
#undef WTERMSIG
#undef W_EXITCODE
#include "uapi/errno.h"
#include "uapi/syscall.h"

int u_line_read(const char *prompt, char *buf, size_t len);
int u_sh_run_line(char *line);
int u_sh_run_file(const char *path);

/* ---- the system call stubs ---------------------------------------------- */

static const char *keys;		/* what read(0) returns, byte by byte */
static char out[8192];			/* what write() got */
static size_t nout;
static const char *script = "echo one\n# comment\n\necho two; echo three\n";
static size_t script_off;

long u_read(int fd, void *buf, size_t len)
{
	if (fd == 3) {		/* the script */
		size_t n = strlen(script) - script_off;

		if (n > len)
			n = len;
		memcpy(buf, script + script_off, n);
		script_off += n;
		return (long)n;
	}
	if (!keys || !*keys || !len)
		return 0;
	*(char *)buf = *keys++;
	return 1;
}

long u_write(int fd, const void *buf, size_t len)
{
	(void)fd;
	if (len > sizeof(out) - 1 - nout)
		len = sizeof(out) - 1 - nout;
	memcpy(out + nout, buf, len);
	nout += len;
	out[nout] = 0;
	return (long)len;
}

int u_open(const char *path, int flags)
{
	(void)flags;
	if (strcmp(path, "/etc/t.sh"))
		return -ENOENT;
	script_off = 0;
	return 3;
}

int u_close(int fd) { (void)fd; return 0; }

/* fork() is real (the child's part of sh_exec() must run somewhere); what
 * the child does is recorded in shared memory, and exec() becomes exit(). */
struct shared {
	char execd[512];		/* "path argv0 argv1 ...|" per exec */
	unsigned long long mask;	/* the last affinity set */
	int nice;			/* the last nice set */
	int exit_code;			/* the status an "exec'd" child exits with */
};
static struct shared *shm;

int u_fork(void)
{
	fflush(stdout);
	return fork();
}

int u_execv(const char *path, char *const argv[])
{
	size_t n = strlen(shm->execd);

	n += (size_t)snprintf(shm->execd + n, sizeof(shm->execd) - n, "%s", path);
	for (int i = 0; argv && argv[i]; i++)
		n += (size_t)snprintf(shm->execd + n, sizeof(shm->execd) - n, " %s", argv[i]);
	snprintf(shm->execd + n, sizeof(shm->execd) - n, "|");
	_exit(shm->exit_code);
}

void u__exit(int status) { _exit(status); }

int u_waitpid(int pid, int *status, int flags)
{
	int r = waitpid(pid, status, flags & WNOHANG ? WNOHANG_LINUX : 0);

	return r < 0 ? -ECHILD : r;
}

int u_wait(int *status) { return u_waitpid(-1, status, 0); }
int u_setnice(int pid, int nice) { (void)pid; shm->nice = nice; return 0; }
int u_sched_setscheduler(int pid, int p, int r) { (void)pid; (void)p; (void)r; return 0; }
int u_sched_setaffinity(int pid, unsigned int len, const unsigned long long *m)
{
	(void)pid;
	(void)len;
	shm->mask = *m;
	return 0;
}
int u_getpid(void) { return 7; }
int u_kill(int pid, int sig) { (void)pid; (void)sig; return -ESRCH; }
int u_sleep_ms(unsigned int ms) { (void)ms; return 0; }
uint64_t u_now_us(void) { return 0; }
int u_getcpu(unsigned int *c, unsigned int *n) { *c = 1; *n = 0; return 0; }
int u_reboot(int cmd, int st) { (void)cmd; (void)st; return -EPERM; }

/* ---- the tests ------------------------------------------------------------ */

static int n_test, n_fail;

static void ok(int cond, const char *name, const char *got)
{
	n_test++;
	n_fail += !cond;
	printf("%sok %d %s", cond ? "" : "not ", n_test, name);
	if (!cond && got) {
		printf(" # got '");
		for (const char *p = got; *p; p++)
			printf(*p >= 32 && *p < 127 ? "%c" : "\\x%02x", (unsigned char)*p);
		printf("'");
	}
	printf("\n");
}

/* Type the keys, return the line the editor hands back. */
static const char *edit(const char *k, int *ret)
{
	static char line[256];

	keys = k;
	nout = 0;
	*ret = u_line_read("$ ", line, sizeof(line));
	return line;
}

#define EDIT(name, k, want) do {						\
	int r_;									\
	const char *l_ = edit(k, &r_);						\
	ok(r_ == (int)strlen(want) && !strcmp(l_, want), "edit_" name, l_);	\
} while (0)

static void test_editor(void)
{
	char longkeys[600];
	int r;

	EDIT("plain", "abc\r", "abc");
	EDIT("lf", "abc\n", "abc");
	EDIT("backspace_del", "abc\x7f\x7f" "d\r", "ad");
	EDIT("backspace_ctrl_h", "abc\x08X\r", "abX");
	EDIT("backspace_at_start", "\x7f\x7f" "a\r", "a");
	EDIT("home_insert", "abc\x01X\r", "Xabc");
	EDIT("end_after_home", "abc\x01\x05X\r", "abcX");
	EDIT("left_arrow_insert", "ab\x1b[Dc\r", "acb");
	EDIT("right_arrow", "ab\x1b[D\x1b[Cc\r", "abc");
	EDIT("home_end_keys", "bc\x1b[Ha\x1b[Fd\r", "abcd");
	EDIT("delete_key", "abc\x01\x1b[3~\r", "bc");
	EDIT("ctrl_d_deletes_right", "abc\x02\x04\r", "ab");
	EDIT("ctrl_u", "abc\x15xy\r", "xy");
	EDIT("ctrl_k", "abcdef\x01\x06\x06\x0b\r", "ab");
	EDIT("ctrl_w", "hello world\x17\r", "hello ");
	EDIT("ctrl_w_spaces", "hello world  \x17\r", "hello ");
	EDIT("ctrl_c_abandons", "abc\x03", "");
	EDIT("unknown_escape_dropped", "a\x1b[Zb\r", "ab");
	EDIT("control_chars_dropped", "a\x07\x12" "b\r", "ab");
	/* CR LF is one end of line, not two. */
	keys = "one\r\ntwo\r";
	{
		char a[32], b[32];

		nout = 0;
		u_line_read("", a, sizeof(a));
		u_line_read("", b, sizeof(b));
		ok(!strcmp(a, "one") && !strcmp(b, "two"), "edit_crlf_one_line", b);
	}
	edit("", &r);
	ok(r == -1, "edit_eof_empty", NULL);
	edit("\x04", &r);
	ok(r == -1, "edit_ctrl_d_empty_is_eof", NULL);
	edit("ab", &r);
	ok(r == 2, "edit_eof_after_text_returns_it", NULL);
	memset(longkeys, 'x', sizeof(longkeys) - 2);
	longkeys[sizeof(longkeys) - 2] = '\r';
	longkeys[sizeof(longkeys) - 1] = 0;
	{
		const char *l = edit(longkeys, &r);

		ok(r == 255 && strlen(l) == 255, "edit_full_line_stops", NULL);
	}
	/* What the terminal sees: the prompt, the echo, the redraw after an
	 * insert in the middle ("\b" moves left), the newline. */
	edit("ac\x02" "b\r", &r);
	ok(!strcmp(out, "$ ac\bbc\b\n"), "edit_echo_and_redraw", out);
}

static int run(const char *line)
{
	char buf[256];

	strcpy(buf, line);
	nout = 0;
	out[0] = 0;
	shm->execd[0] = 0;
	return u_sh_run_line(buf);
}

static void test_runner(void)
{
	int r;

	r = run("echo a 'b c' \"d  e\"");
	ok(r == 0 && !strcmp(out, "a b c d  e\n"), "sh_echo_quotes", out);
	run("echo one;echo two ; echo three");
	ok(!strcmp(out, "one\ntwo\nthree\n"), "sh_semicolons", out);
	run("echo x # not this");
	ok(!strcmp(out, "x\n"), "sh_comment", out);
	run("   ");
	ok(!strcmp(out, ""), "sh_blank_line", out);
	r = run("hog 3");
	ok(r == 0 && !strcmp(shm->execd, "/bin/hog hog 3|"), "sh_runs_bin", shm->execd);
	run("/bin/pin all");
	ok(!strcmp(shm->execd, "/bin/pin /bin/pin all|"), "sh_runs_path", shm->execd);
	shm->exit_code = 3;
	r = run("hog");
	ok(r == 3, "sh_exit_status", out);
	shm->exit_code = 0;
	r = run("spin 4 &");
	waitpid(-1, NULL, 0);	/* the child records its exec: let it finish */
	ok(r == 0 && strstr(out, "] spin") && !strcmp(shm->execd, "/bin/spin spin 4|"),
	   "sh_background", out);
	r = run("nice 5 hog");
	ok(r == 0 && shm->nice == 5 && !strcmp(shm->execd, "/bin/hog hog|"), "sh_nice_prefix", shm->execd);
	r = run("taskset 0-2,5 hog");
	ok(r == 0 && shm->mask == 0x27, "sh_taskset_cpulist", shm->execd);
	r = run("taskset 5-2 hog");
	ok(r == 2 && strstr(out, "bad CPU list"), "sh_taskset_bad_list", out);
	r = run("kill 99999");
	ok(r == 1 && strstr(out, "ESRCH"), "sh_kill_reports_error", out);
	r = run("where");
	ok(r == 0 && strstr(out, "cpu 1 node 0"), "sh_where", out);
	r = run("sleep 2x");
	ok(r == 2 && strstr(out, "usage"), "sh_sleep_bad_arg", out);
	r = run("help");
	ok(r == 0 && strstr(out, "taskset") && strstr(out, "badargs"), "sh_help", NULL);
	r = run("run /etc/t.sh");
	ok(r == 0 && !strcmp(out, "$ echo one\none\n$ echo two; echo three\ntwo\nthree\n"),
	   "sh_script_echoes_lines", out);
	r = run("run /etc/missing.sh");
	ok(r == 127 && strstr(out, "ENOENT"), "sh_script_missing", out);
}

int main(void)
{
	shm = mmap(NULL, sizeof(*shm), PROT_READ | PROT_WRITE, MAP_SHARED | MAP_ANONYMOUS,
		   -1, 0);
	if (shm == MAP_FAILED)
		return 1;
	memset(shm, 0, sizeof(*shm));
	printf("KTAP version 1\n");
	test_editor();
	test_runner();
	printf("1..%d\n", n_test);
	return n_fail ? 1 : 0;
}
