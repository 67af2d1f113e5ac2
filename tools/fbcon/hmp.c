/*
 * hmp SOCKET COMMAND - run one command on QEMU's human monitor (a
 * `-monitor unix:SOCKET,server=on,wait=off`) and return once the monitor
 * prompts again: the command has finished then (screendump has written
 * its file). What the monitor printed goes to stdout.
 *
 * tests/boot/uefi.sh takes its screenshots with it. Exit status 0 once the
 * prompt came back, 1 when the socket failed or QEMU closed it first. The
 * monitor answers at once; a QEMU that stops answering is caught by the
 * caller's timeout.
 */
#include <stdio.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/un.h>
#include <unistd.h>

#define PROMPT	"(qemu) "

/* Read until the output seen so far ends with the prompt. */
static int wait_prompt(int fd)
{
	char tail[sizeof(PROMPT)] = "";
	size_t have = 0, plen = strlen(PROMPT);
	char c;

	for (;;) {
		ssize_t n = read(fd, &c, 1);

		if (n <= 0)
			return -1;
		fputc(c, stdout);
		if (have < plen) {
			tail[have++] = c;
		} else {
			memmove(tail, tail + 1, plen - 1);
			tail[plen - 1] = c;
		}
		if (have == plen && !memcmp(tail, PROMPT, plen))
			return 0;
	}
}

int main(int argc, char **argv)
{
	struct sockaddr_un sa = { .sun_family = AF_UNIX };
	int fd;

	if (argc != 3 || strlen(argv[1]) >= sizeof(sa.sun_path)) {
		fprintf(stderr, "usage: hmp SOCKET COMMAND\n");
		return 2;
	}
	strcpy(sa.sun_path, argv[1]);
	fd = socket(AF_UNIX, SOCK_STREAM, 0);
	if (fd < 0 || connect(fd, (struct sockaddr *)&sa, sizeof(sa)) < 0) {
		perror(argv[1]);
		return 1;
	}
	if (wait_prompt(fd) < 0 ||
	    dprintf(fd, "%s\n", argv[2]) < 0 || wait_prompt(fd) < 0) {
		fprintf(stderr, "hmp: QEMU closed the monitor before its prompt\n");
		return 1;
	}
	putchar('\n');
	return 0;
}
