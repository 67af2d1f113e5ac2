/*
 * init.c - the static init of the companion Linux guest (sched/linux/).
 *
 * Built with the host gcc -static and packed alone in the initramfs by
 * sched/linux/initramfs.sh. It mounts proc, sysfs and debugfs, runs the
 * commands it is given, prints their results on the console in the line
 * formats of docs/formats.md, and leaves QEMU through isa-debug-exit with
 * 0 when every command succeeded, 1 otherwise, so that a test learns the
 * result without waiting for a timeout.
 *
 *   kernel command line: ... -- [command...]     (default: topo)
 *
 *   topo       /proc/sched_topo: the `topo:` lines (patch 0001)
 *   cpuinfo    "cpuinfo: cpu=N runqueue=R" from /proc/cpuinfo (patch 0001)
 *   domains    "domains: cpu=N SMT MC NUMA": the sched domain levels
 *   stat       /proc/sched_stat: the `stat:` lines (patch 0003)
 *   schedstat  /proc/schedstat
 *   cat:PATH   any file, line by line
 *   spawn:N:MS fork N children that each exec /init spin:MS, and wait for
 *              them (exec and fork balancing, then load balancing)
 *   pinned:N:MS  the same, but the children are forked pinned to init's
 *              CPU and freed just before exec, so that exec is where they
 *              spread (as in the 2.5.59 design) and sched_exec() moves them
 *   spin:MS    burn the CPU for MS milliseconds
 *   trace:start  ftrace the scheduler (tracefs, sched_* events below) from
 *              an empty buffer; trace:stop stops recording; trace:dump
 *              writes the `topo:` lines and /sys/kernel/tracing/trace to
 *              the second serial port (ttyS1, the console without one)
 *              for tools/tracevis (make trace; see trace_dump())
 *   run:PROG[:ARG...]  run /bin/PROG (a workload of user/work/, packed by
 *              initramfs.sh) with its arguments and wait for it; its
 *              output goes to the console as it comes
 *   echo:TEXT  print TEXT (a marker between commands, as a script's echo)
 *   warn:TEXT  log TEXT as a kernel warning (/dev/kmsg, level 4): it shows
 *              as an "init: klog:" line after the commands, never inside
 *              the report (see main())
 *   smt        "smt: active=A control=C" from /sys/devices/system/cpu/smt
 *   scx:OPS    wait (10 s at most) until sched_ext runs the BPF scheduler
 *              OPS, print "scx: state=S ops=O", fail if it does not (after
 *              bg:run:scx_d7; again after a workload: not ejected)
 *   write:PATH:VALUE  write VALUE to PATH (a sysfs file: CPU hotplug)
 *   bg:COMMAND run COMMAND (any of these, its ':' included) in a child and
 *              go on at once; wait: wait for every child (spawn and pinned
 *              wait for them too), failing if one failed
 *   rtself:N   N children in turn (two at a time) that spin as CFS tasks,
 *              make themselves SCHED_FIFO while running, spin and exit
 *   pifutex:N  N rounds of a CFS owner of a PI futex, spinning, boosted by
 *              a SCHED_FIFO waiter that blocks on the futex, then unlocking
 *
 * The kernel passes the words after "--" (and any word it does not know)
 * to init as arguments; an unknown command is reported and fails the run.
 * Run as another process than 1 (spawn's children), init only runs its
 * commands and exits with their status.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <sched.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <linux/futex.h>
#include <sys/io.h>
#include <sys/klog.h>
#include <sys/mman.h>
#include <sys/mount.h>
#include <sys/syscall.h>
#include <sys/sysmacros.h>
#include <sys/reboot.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <termios.h>
#include <time.h>
#include <unistd.h>

/* QEMU's -device isa-debug-exit,iobase=0xf4: a write of v exits QEMU with
 * status (v << 1) | 1. */
#define DEBUG_EXIT_PORT	0xf4

static int cat_file(const char *path)
{
	char line[512];
	FILE *f = fopen(path, "r");

	if (!f) {
		printf("init: cannot open %s: %s\n", path, strerror(errno));
		return -1;
	}
	while (fgets(line, sizeof(line), f))
		fputs(line, stdout);
	fclose(f);
	return 0;
}

static int show_topo(void)
{
	return cat_file("/proc/sched_topo");
}

/* The "processor" and "runqueue" fields of each CPU in /proc/cpuinfo. */
static int show_cpuinfo(void)
{
	char line[512];
	int cpu = -1, rq, found = 0;
	FILE *f = fopen("/proc/cpuinfo", "r");

	if (!f) {
		printf("init: cannot open /proc/cpuinfo: %s\n", strerror(errno));
		return -1;
	}
	while (fgets(line, sizeof(line), f)) {
		if (sscanf(line, "processor : %d", &cpu) == 1)
			continue;
		if (sscanf(line, "runqueue : %d", &rq) == 1) {
			printf("cpuinfo: cpu=%d runqueue=%d\n", cpu, rq);
			found++;
		}
	}
	fclose(f);
	if (!found)
		printf("init: no runqueue line in /proc/cpuinfo\n");
	return found ? 0 : -1;
}

/* One line per CPU with the names of its sched domains, lowest first. */
static int show_domains(void)
{
	char path[128], name[32];
	int cpu, level;

	/*
	 * Linux 6.4 and later (6.12) create sched/domains only while
	 * sched/verbose is on; 6.1 always does.
	 */
	if (access("/sys/kernel/debug/sched/domains", F_OK)) {
		int fd = open("/sys/kernel/debug/sched/verbose", O_WRONLY);

		if (fd >= 0) {
			if (write(fd, "Y", 1) != 1)
				perror("init: sched/verbose");
			close(fd);
		}
	}
	for (cpu = 0;; cpu++) {
		snprintf(path, sizeof(path), "/sys/kernel/debug/sched/domains/cpu%d", cpu);
		if (access(path, F_OK))
			break;
		printf("domains: cpu=%d", cpu);
		for (level = 0;; level++) {
			FILE *f;

			snprintf(path, sizeof(path),
				 "/sys/kernel/debug/sched/domains/cpu%d/domain%d/name",
				 cpu, level);
			f = fopen(path, "r");
			if (!f)
				break;
			if (fscanf(f, "%31s", name) == 1)
				printf(" %s", name);
			fclose(f);
		}
		printf("\n");
	}
	if (cpu == 0)
		printf("init: no /sys/kernel/debug/sched/domains (SCHED_DEBUG, debugfs?)\n");
	return cpu ? 0 : -1;
}

static double now_ms(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec * 1e3 + ts.tv_nsec / 1e6;
}

static int spin(int ms)
{
	double end = now_ms() + ms;
	volatile unsigned long n = 0;

	while (now_ms() < end)
		n++;
	return 0;
}

/* N children, each exec'ing /init spin:MS (exec is where sched_exec()
 * balances). pinned: fork them all on this CPU and let each one go to any
 * CPU just before its exec. Returns -1 unless every child exited with 0. */
static int spawn(int n, int ms, int pinned)
{
	char arg[32];
	cpu_set_t all, here;
	int i, status, failed = 0;

	snprintf(arg, sizeof(arg), "spin:%d", ms);
	sched_getaffinity(0, sizeof(all), &all);
	CPU_ZERO(&here);
	CPU_SET(sched_getcpu(), &here);
	if (pinned && sched_setaffinity(0, sizeof(here), &here))
		printf("init: sched_setaffinity: %s\n", strerror(errno));
	for (i = 0; i < n; i++) {
		pid_t pid = fork();

		if (pid == 0) {
			if (pinned)
				sched_setaffinity(0, sizeof(all), &all);
			execl("/init", "/init", arg, (char *)NULL);
			_exit(127);
		}
		if (pid < 0) {
			printf("init: fork: %s\n", strerror(errno));
			failed = 1;
		}
	}
	if (pinned)
		sched_setaffinity(0, sizeof(all), &all);
	while (wait(&status) > 0)
		if (!WIFEXITED(status) || WEXITSTATUS(status))
			failed = 1;
	return failed ? -1 : 0;
}

/* run:PROG:ARG:ARG - the kernel command line splits words at spaces, so
 * a command's own arguments are joined by ':'. */
static int run_prog(const char *spec)
{
	char buf[256], path[300], *argv[16], *save = NULL, *w;
	int argc = 0, status;
	pid_t pid;

	snprintf(buf, sizeof(buf), "%s", spec);
	for (w = strtok_r(buf, ":", &save); w && argc < 15;
	     w = strtok_r(NULL, ":", &save))
		argv[argc++] = w;
	argv[argc] = NULL;
	if (!argc || strchr(argv[0], '/')) {
		printf("init: run: want run:PROG[:ARG...] with PROG in /bin\n");
		return -1;
	}
	snprintf(path, sizeof(path), "/bin/%s", argv[0]);
	fflush(stdout);
	pid = fork();
	if (pid == 0) {
		execv(path, argv);
		printf("init: exec %s: %s\n", path, strerror(errno));
		_exit(127);
	}
	if (pid < 0 || waitpid(pid, &status, 0) != pid) {
		printf("init: run %s: %s\n", path, strerror(errno));
		return -1;
	}
	if (!WIFEXITED(status) || WEXITSTATUS(status)) {
		printf("init: %s exited with status 0x%x\n", path, status);
		return -1;
	}
	return 0;
}

/* ---- trace:start|stop|dump: ftrace for make trace ------------------- */

#define TRACEFS		"/sys/kernel/tracing"

static void mount_fs(const char *type, const char *dir);
/* What tools/tracevis/parse_ftrace.c reads: the four the picture needs
 * (switch, wakeup, migrate, exec) and the ones that name and place new
 * tasks and end them. */
static const char *const trace_events[] = {
	"sched_switch", "sched_wakeup", "sched_wakeup_new", "sched_migrate_task",
	"sched_process_fork", "sched_process_exec", "sched_process_exit",
};

/* Write val to path whole (opened O_WRONLY | flags); 0, or -1 after a
 * line that says why. who names the command; missing is added when path
 * does not exist. */
static int write_str(const char *path, int flags, const char *val,
		     const char *who, const char *missing)
{
	int fd, ok;

	fd = open(path, O_WRONLY | flags);
	if (fd < 0) {
		printf("init: %s: %s: %s%s\n", who, path, strerror(errno),
		       errno == ENOENT ? missing : "");
		return -1;
	}
	ok = write(fd, val, strlen(val)) == (ssize_t)strlen(val);
	if (!ok)
		printf("init: %s: write '%s' to %s: %s\n", who, val, path, strerror(errno));
	close(fd);
	return ok ? 0 : -1;
}

static int tracefs_write(const char *file, const char *val)
{
	char path[160];

	snprintf(path, sizeof(path), TRACEFS "/%s", file);
	return write_str(path, O_TRUNC, val, "trace",
			 " (CONFIG_FTRACE? see config.fragment)");
}

static int trace_start(void)
{
	char file[96];
	size_t i;
	int bad = 0;

	mount_fs("tracefs", TRACEFS);
	bad |= tracefs_write("tracing_on", "0");
	bad |= tracefs_write("trace", "");		/* O_TRUNC empties it */
	/* The per-CPU clocks of "local" may disagree across CPUs; "mono" is
	 * one clock for all (the clocksource, so its resolution too). */
	if (tracefs_write("trace_clock", "mono"))
		printf("init: trace: keeping the default clock\n");
	for (i = 0; i < sizeof(trace_events) / sizeof(trace_events[0]); i++) {
		snprintf(file, sizeof(file), "events/sched/%s/enable", trace_events[i]);
		bad |= tracefs_write(file, "1");
	}
	bad |= tracefs_write("tracing_on", "1");
	return bad ? -1 : 0;
}

/* The trace port: ttyS1 when QEMU has a second serial port (a UART that
 * the 8250 driver found: opening a port without one fails), raw so that
 * lines end in "\n" alone; else the console. */
static FILE *trace_port(void)
{
	struct termios t;
	FILE *f;
	int fd;

	if (access("/dev/ttyS1", F_OK))
		mknod("/dev/ttyS1", S_IFCHR | 0600, makedev(4, 65));
	fd = open("/dev/ttyS1", O_WRONLY | O_NOCTTY);
	if (fd < 0)
		return NULL;
	if (tcgetattr(fd, &t) == 0) {
		cfmakeraw(&t);
		tcsetattr(fd, TCSANOW, &t);
	}
	f = fdopen(fd, "w");
	if (!f)
		close(fd);
	return f;
}

static int trace_dump(void)
{
	static const char *const files[] = { "/proc/sched_topo", TRACEFS "/trace" };
	char line[1024];
	FILE *port = trace_port(), *out = port ? port : stdout;
	long lines = 0;
	size_t i;
	int bad = 0;

	for (i = 0; i < sizeof(files) / sizeof(files[0]); i++) {
		FILE *f = fopen(files[i], "r");

		if (!f) {
			printf("init: trace: cannot open %s: %s\n", files[i], strerror(errno));
			bad = 1;
			continue;
		}
		while (fgets(line, sizeof(line), f)) {
			fputs(line, out);
			lines++;
		}
		fclose(f);
	}
	if (port) {
		fflush(port);
		tcdrain(fileno(port));
		fclose(port);
	}
	printf("init: trace: %ld lines dumped to %s\n", lines,
	       port ? "ttyS1" : "the console (no ttyS1)");
	return bad ? -1 : 0;
}

static int trace_cmd(const char *what)
{
	if (!strcmp(what, "start"))
		return trace_start();
	if (!strcmp(what, "stop"))
		return tracefs_write("tracing_on", "0");
	if (!strcmp(what, "dump"))
		return trace_dump();
	printf("init: trace:%s? (trace:start, trace:stop, trace:dump)\n", what);
	return -1;
}

/* warn:TEXT - one record at KERN_WARNING, as a driver's pr_warn() would
 * make (the initramfs has no devtmpfs: make /dev/kmsg, 1:11, if missing). */
static int kmsg_warn(const char *text)
{
	char rec[256];
	int fd, len, ok;

	if (access("/dev/kmsg", F_OK))
		mknod("/dev/kmsg", S_IFCHR | 0600, makedev(1, 11));
	fd = open("/dev/kmsg", O_WRONLY);
	if (fd < 0) {
		printf("init: open /dev/kmsg: %s\n", strerror(errno));
		return -1;
	}
	/* One write is one record. A longer text is cut, but the record
	 * keeps its newline: without one the kernel holds it open for a
	 * continuation, and no reader sees it until the next record comes. */
	len = snprintf(rec, sizeof(rec), "<4>%.*s\n", (int)sizeof(rec) - 5, text);
	ok = write(fd, rec, len) == len;
	if (!ok)
		printf("init: write /dev/kmsg: %s\n", strerror(errno));
	close(fd);
	return ok ? 0 : -1;
}

/* "smt: active=A control=C": the SMT state the kernel reports. */
static int show_smt(void)
{
	static const char *const files[] = { "active", "control" };
	char path[64], val[2][32];
	int i;

	for (i = 0; i < 2; i++) {
		FILE *f;

		snprintf(path, sizeof(path), "/sys/devices/system/cpu/smt/%s", files[i]);
		f = fopen(path, "r");
		if (!f || fscanf(f, "%31s", val[i]) != 1) {
			printf("init: cannot read %s: %s\n", path, strerror(errno));
			if (f)
				fclose(f);
			return -1;
		}
		fclose(f);
	}
	printf("smt: active=%s control=%s\n", val[0], val[1]);
	return 0;
}

/*
 * scx:OPS - wait until sched_ext runs the BPF scheduler named OPS
 * (/sys/kernel/sched_ext: state "enabled", root/ops OPS), at most
 * SCX_WAIT_MS, and print "scx: state=S ops=O". Fails when it does not:
 * after bg:run:scx_d7 it waits for the attach, and after a workload it
 * shows that sched_ext did not eject the scheduler meanwhile.
 */
#define SCX_WAIT_MS	10000

static void first_word(const char *path, char *buf, size_t len)
{
	FILE *f = fopen(path, "r");

	snprintf(buf, len, "?");
	if (f) {
		if (fscanf(f, "%63s", buf) != 1)
			snprintf(buf, len, "?");
		fclose(f);
	}
}

static int scx_wait(const char *ops)
{
	char state[64], name[64];
	int ms;

	for (ms = 0;; ms += 10) {
		first_word("/sys/kernel/sched_ext/state", state, sizeof(state));
		first_word("/sys/kernel/sched_ext/root/ops", name, sizeof(name));
		if ((!strcmp(state, "enabled") && !strcmp(name, ops)) || ms >= SCX_WAIT_MS)
			break;
		usleep(10000);
	}
	printf("scx: state=%s ops=%s\n", state, name);
	if (strcmp(state, "enabled") || strcmp(name, ops)) {
		printf("init: scx: %s is not the running scheduler after %d ms\n", ops, ms);
		return -1;
	}
	return 0;
}

/* write:PATH:VALUE - the value is what follows the last ':'. */
static int write_file(const char *spec)
{
	char path[256];
	const char *val = strrchr(spec, ':');

	if (!val || val == spec || (size_t)(val - spec) >= sizeof(path)) {
		printf("init: write: want write:PATH:VALUE\n");
		return -1;
	}
	snprintf(path, sizeof(path), "%.*s", (int)(val - spec), spec);
	return write_str(path, 0, val + 1, "write", "");
}

static int run(const char *cmd);

/* bg:COMMAND - a child runs it; wait collects the children. */
static int background(const char *cmd)
{
	pid_t pid;

	fflush(stdout);
	pid = fork();
	if (pid == 0)
		_exit(run(cmd) ? 1 : 0);
	if (pid < 0) {
		printf("init: fork: %s\n", strerror(errno));
		return -1;
	}
	return 0;
}

static int wait_all(void)
{
	int status, failed = 0;

	while (wait(&status) > 0)
		if (!WIFEXITED(status) || WEXITSTATUS(status))
			failed = 1;
	if (failed)
		printf("init: wait: a child failed\n");
	return failed ? -1 : 0;
}

static int set_fifo(int prio)
{
	struct sched_param sp = { .sched_priority = prio };

	if (sched_setscheduler(0, SCHED_FIFO, &sp)) {
		printf("init: sched_setscheduler(SCHED_FIFO): %s\n", strerror(errno));
		return -1;
	}
	return 0;
}

/* Fork fn(arg) as a child; its exit status is fn's. */
static pid_t fork_fn(int (*fn)(void *), void *arg)
{
	pid_t pid;

	fflush(stdout);
	pid = fork();
	if (pid == 0)
		_exit(fn(arg) ? 1 : 0);
	if (pid < 0)
		printf("init: fork: %s\n", strerror(errno));
	return pid;
}

/* A running CFS task makes itself SCHED_FIFO, then exits (0004 listed it
 * on its core's queue when it was put back, and forgot it there). */
static int rtself_child(void *unused)
{
	(void)unused;
	spin(20);
	if (set_fifo(1))
		return -1;
	spin(2);
	return 0;
}

static int rtself(int n)
{
	int i;

	for (i = 0; i < n; i += 2) {
		if (fork_fn(rtself_child, NULL) < 0 || fork_fn(rtself_child, NULL) < 0)
			return -1;
		if (wait_all())
			return -1;
	}
	return 0;
}

/* A PI futex in memory both children share: the word, and the owner's
 * "locked" flag. */
struct pi_pair {
	volatile unsigned int futex;
	volatile int locked;
};

static long futex_op(volatile unsigned int *f, int op)
{
	return syscall(SYS_futex, f, op, 0, NULL, NULL, 0);
}

/* The owner: takes the lock as a CFS task and spins with it, running,
 * while the waiter's block boosts it to SCHED_FIFO; unlocking ends it. */
static int pi_owner(void *arg)
{
	struct pi_pair *pp = arg;

	if (futex_op(&pp->futex, FUTEX_LOCK_PI)) {
		printf("init: FUTEX_LOCK_PI (owner): %s\n", strerror(errno));
		return -1;
	}
	pp->locked = 1;
	spin(30);
	if (futex_op(&pp->futex, FUTEX_UNLOCK_PI)) {
		printf("init: FUTEX_UNLOCK_PI (owner): %s\n", strerror(errno));
		return -1;
	}
	return 0;
}

static int pi_waiter(void *arg)
{
	struct pi_pair *pp = arg;

	while (!pp->locked)
		sched_yield();
	if (set_fifo(2))
		return -1;
	if (futex_op(&pp->futex, FUTEX_LOCK_PI)) {
		printf("init: FUTEX_LOCK_PI (waiter): %s\n", strerror(errno));
		return -1;
	}
	if (futex_op(&pp->futex, FUTEX_UNLOCK_PI)) {
		printf("init: FUTEX_UNLOCK_PI (waiter): %s\n", strerror(errno));
		return -1;
	}
	return 0;
}

static int pifutex(int n)
{
	struct pi_pair *pp = mmap(NULL, sizeof(*pp), PROT_READ | PROT_WRITE,
				  MAP_SHARED | MAP_ANONYMOUS, -1, 0);
	int i, failed = 0;

	if (pp == MAP_FAILED) {
		printf("init: mmap: %s\n", strerror(errno));
		return -1;
	}
	for (i = 0; i < n && !failed; i++) {
		pp->futex = 0;
		pp->locked = 0;
		if (fork_fn(pi_owner, pp) < 0 || fork_fn(pi_waiter, pp) < 0)
			failed = 1;
		if (wait_all())
			failed = 1;
	}
	munmap(pp, sizeof(*pp));
	return failed ? -1 : 0;
}

static int run(const char *cmd)
{
	int n, ms;

	if (!strcmp(cmd, "topo"))
		return show_topo();
	if (!strcmp(cmd, "cpuinfo"))
		return show_cpuinfo();
	if (!strcmp(cmd, "domains"))
		return show_domains();
	if (!strcmp(cmd, "stat"))
		return cat_file("/proc/sched_stat");
	if (!strcmp(cmd, "schedstat"))
		return cat_file("/proc/schedstat");
	if (!strncmp(cmd, "cat:", 4))
		return cat_file(cmd + 4);
	if (sscanf(cmd, "spawn:%d:%d", &n, &ms) == 2 && n > 0 && ms >= 0)
		return spawn(n, ms, 0);
	if (sscanf(cmd, "pinned:%d:%d", &n, &ms) == 2 && n > 0 && ms >= 0)
		return spawn(n, ms, 1);
	if (sscanf(cmd, "spin:%d", &ms) == 1 && ms >= 0)
		return spin(ms);
	if (!strncmp(cmd, "trace:", 6))
		return trace_cmd(cmd + 6);
	if (!strncmp(cmd, "run:", 4))
		return run_prog(cmd + 4);
	if (!strncmp(cmd, "echo:", 5)) {
		printf("%s\n", cmd + 5);
		return 0;
	}
	if (!strncmp(cmd, "warn:", 5))
		return kmsg_warn(cmd + 5);
	if (!strcmp(cmd, "smt"))
		return show_smt();
	if (!strncmp(cmd, "scx:", 4))
		return scx_wait(cmd + 4);
	if (!strncmp(cmd, "write:", 6))
		return write_file(cmd + 6);
	if (!strncmp(cmd, "bg:", 3))
		return background(cmd + 3);
	if (!strcmp(cmd, "wait"))
		return wait_all();
	if (sscanf(cmd, "rtself:%d", &n) == 1 && n > 0)
		return rtself(n);
	if (sscanf(cmd, "pifutex:%d", &n) == 1 && n > 0)
		return pifutex(n);
	printf("init: unknown command '%s' (topo, cpuinfo, domains, stat, schedstat, cat:PATH, spawn:N:MS, pinned:N:MS, spin:MS, run:PROG[:ARG...], echo:TEXT, warn:TEXT, smt, scx:OPS, write:PATH:VALUE, bg:COMMAND, wait, rtself:N, pifutex:N)\n",
	       cmd);
	return -1;
}

static void mount_fs(const char *type, const char *dir)
{
	mkdir(dir, 0755);
	if (mount(type, dir, type, 0, NULL) && errno != EBUSY)
		printf("init: mount %s on %s: %s\n", type, dir, strerror(errno));
}

/* Print the kernel's warnings and worse (levels 0-4) logged since main()
 * cleared the log, one "init: klog: <prio>[time] text" line each: what
 * the console would have shown while the commands ran. */
static void klog_warnings(void)
{
	static char buf[1 << 17];	/* the 6.1 default log is 128 KiB */
	char *line, *save = NULL;
	int n;

	n = klogctl(3 /* SYSLOG_ACTION_READ_ALL */, buf, sizeof(buf) - 1);
	if (n < 0) {
		printf("init: klogctl(read): %s\n", strerror(errno));
		return;
	}
	buf[n] = '\0';
	/* Each record starts "<L>" with L = facility * 8 + level. */
	for (line = strtok_r(buf, "\n", &save); line; line = strtok_r(NULL, "\n", &save)) {
		int prio;
		if (sscanf(line, "<%d>", &prio) == 1 && (prio & 7) <= 4)
			printf("init: klog: %s\n", line);
	}
}

/* Leave QEMU with status (code << 1) | 1; if that port is missing, power
 * off (QEMU then exits with 0, which run.sh reports as "no exit code"). */
static void leave(int code)
{
	/* The console's UART sends in the background: wait until the last
	 * line is out, or QEMU stops before the end of the report. */
	fflush(stdout);
	tcdrain(STDOUT_FILENO);
	sync();
	if (ioperm(DEBUG_EXIT_PORT, 1, 1) == 0)
		outb((unsigned char)code, DEBUG_EXIT_PORT);
	else
		printf("init: ioperm(0x%x): %s\n", DEBUG_EXIT_PORT, strerror(errno));
	printf("init: isa-debug-exit did not stop QEMU; powering off\n");
	fflush(stdout);
	tcdrain(STDOUT_FILENO);
	reboot(RB_POWER_OFF);
}

int main(int argc, char **argv)
{
	static char *defaults[] = { "topo", NULL };
	char **cmds = argc > 1 ? argv + 1 : defaults;
	int failed = 0;

	setvbuf(stdout, NULL, _IOLBF, 0);
	if (getpid() != 1) {
		for (; *cmds; cmds++)
			if (run(*cmds))
				failed = 1;
		return failed;
	}
	mount_fs("proc", "/proc");
	mount_fs("sysfs", "/sys");
	mount_fs("debugfs", "/sys/kernel/debug");
	/* Kernel messages share ttyS0 with our report, and the UART sends
	 * both in the background: a message can land inside a `topo:` line.
	 * Late driver probes (the PS/2 mouse, about 2 s into boot) do, and so
	 * do warnings (the clocksource watchdog's "Long readout interval"
	 * under TCG, 12 s into a 16-vCPU 4n2c2t boot). So while the commands run the
	 * console shows only KERN_ALERT and KERN_EMERG (console_loglevel 2:
	 * oopses and panics), and the warnings come afterwards as whole lines
	 * (klog_warnings()). (`dmesg -n 2` does the same.) */
	if (klogctl(5 /* SYSLOG_ACTION_CLEAR */, NULL, 0) < 0 ||
	    klogctl(8 /* SYSLOG_ACTION_CONSOLE_LEVEL */, NULL, 2) < 0)
		printf("init: klogctl(clear, console level): %s\n", strerror(errno));

	for (; *cmds; cmds++)
		if (run(*cmds))
			failed = 1;
	klog_warnings();
	printf("init: %s\n", failed ? "FAILED" : "done");
	leave(failed);
	return 1;
}
