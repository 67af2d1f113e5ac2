/*
 * init - the first user program (pid 1): start the shell, reap orphans.
 *
 *   init                 an interactive /bin/sh on the console, started
 *                        again whenever it exits
 *   init ARGS...         /bin/sh ARGS once (e.g. "sh /etc/test.sh"), then
 *                        power off with the shell's exit status, so a test
 *                        boot always ends (the kernel passes init the words
 *                        of its command line after "--")
 *
 * Every orphan is re-parented to init, so init's wait() also collects the
 * exit status of tasks whose parents died first; those are just dropped.
 */
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#define SH_PATH		"/bin/sh"
/* Respawns in a row before init gives up on a shell that keeps failing. */
#define MAX_QUICK_RESPAWNS	5

static int start_shell(char **argv)
{
	int pid = fork();

	if (pid == 0) {
		int r = execv(SH_PATH, argv);

		printf("init: exec %s: %s\n", SH_PATH, strerror(r));
		_exit(127);
	}
	if (pid < 0)
		printf("init: fork: %s\n", strerror(pid));
	return pid;
}

int main(int argc, char **argv)
{
	char *interactive[] = { "sh", NULL };
	char *script[EXEC_MAX_ARGS + 1];
	int oneshot = argc > 1, failures = 0, i;
	int sh;

	printf("init: pid %d, starting %s%s\n", getpid(), SH_PATH,
	       oneshot ? " (one run, then power off)" : "");
	if (oneshot) {
		script[0] = "sh";
		for (i = 1; i < argc && i < EXEC_MAX_ARGS; i++)
			script[i] = argv[i];
		script[i] = NULL;
	}
	sh = start_shell(oneshot ? script : interactive);
	for (;;) {
		int st = 0, pid = wait(&st);

		if (pid == -ECHILD) {	/* nothing left at all: start again */
			if (oneshot || sh < 0) {
				reboot(REBOOT_POWEROFF, oneshot ? 1 : 2);
				sleep_ms(1000);
			}
			continue;
		}
		if (pid < 0 || pid != sh)
			continue;	/* an orphan: reaped, nothing else to do */
		if (oneshot) {
			int code = WIFEXITED(st) ? WEXITSTATUS(st) : 128 + WTERMSIG(st);

			printf("init: %s exited with %d, powering off\n", SH_PATH, code);
			reboot(REBOOT_POWEROFF, code);
			printf("init: poweroff failed\n");
			return 1;
		}
		failures = WIFEXITED(st) && WEXITSTATUS(st) == 127 ? failures + 1 : 0;
		if (failures >= MAX_QUICK_RESPAWNS) {
			printf("init: %s fails to start, giving up\n", SH_PATH);
			reboot(REBOOT_POWEROFF, 3);
			sleep_ms(1000);
		}
		sh = start_shell(interactive);
	}
}
