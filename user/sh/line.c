/*
 * line.c - a line editor over a raw console (no history, by design).
 *
 * The kernel's console read() is raw: no echo, no line buffering, bytes as
 * they come (include/uapi/syscall.h), so the editing happens here. Keys:
 *
 *   Enter (CR or LF)       done          Backspace (DEL or ^H)  delete left
 *   ^A / Home, ^E / End    start / end   ^B / Left, ^F / Right  move
 *   ^D / Delete            delete right (^D on an empty line: end of input)
 *   ^U, ^K                 cut to start / to end of line
 *   ^W                     cut the word before the cursor
 *   ^C                     abandon the line      ^L  clear the screen
 *
 * The cursor moves left with "\b" and right by rewriting the character
 * under it, so any terminal (and QEMU's serial console) shows it right.
 * Every key's output is sent with one write().
 */
#include <string.h>
#include <unistd.h>
#include "sh.h"

#define CTRL(c)	((c) & 0x1f)

struct ed {
	char *buf;
	size_t len, cap, pos;	/* bytes, room (NUL excluded), cursor */
	char out[3 * SH_LINE_MAX + 16];
	size_t nout;
};

static void emit(struct ed *e, const char *s, size_t n)
{
	while (n--) {
		if (e->nout == sizeof(e->out)) {
			write(STDOUT_FILENO, e->out, e->nout);
			e->nout = 0;
		}
		e->out[e->nout++] = *s++;
	}
}

static void flush(struct ed *e)
{
	if (e->nout)
		write(STDOUT_FILENO, e->out, e->nout);
	e->nout = 0;
}

static void left(struct ed *e, size_t n)
{
	while (n--)
		emit(e, "\b", 1);
}

/* Redraw from the cursor to the end, blank `extra` cells the line no longer
 * covers, and put the cursor back. */
static void redraw_tail(struct ed *e, size_t extra)
{
	size_t i;

	emit(e, e->buf + e->pos, e->len - e->pos);
	for (i = 0; i < extra; i++)
		emit(e, " ", 1);
	left(e, e->len - e->pos + extra);
}

/* Delete n bytes before the cursor. */
static void cut_left(struct ed *e, size_t n)
{
	memmove(e->buf + e->pos - n, e->buf + e->pos, e->len - e->pos);
	e->pos -= n;
	e->len -= n;
	left(e, n);
	redraw_tail(e, n);
}

static void key(struct ed *e, char c)
{
	size_t n;

	switch (c) {
	case CTRL('A'):
		left(e, e->pos);
		e->pos = 0;
		break;
	case CTRL('E'):
		emit(e, e->buf + e->pos, e->len - e->pos);
		e->pos = e->len;
		break;
	case CTRL('B'):
		if (e->pos) {
			left(e, 1);
			e->pos--;
		}
		break;
	case CTRL('F'):
		if (e->pos < e->len)
			emit(e, e->buf + e->pos++, 1);
		break;
	case 0x7f:
	case CTRL('H'):
		if (e->pos)
			cut_left(e, 1);
		break;
	case CTRL('D'):		/* delete right (EOF is handled by the caller) */
		if (e->pos < e->len) {
			e->pos++;
			emit(e, e->buf + e->pos - 1, 1);
			cut_left(e, 1);
		}
		break;
	case CTRL('U'):
		cut_left(e, e->pos);
		break;
	case CTRL('K'):
		n = e->len - e->pos;
		e->len = e->pos;
		redraw_tail(e, n);
		break;
	case CTRL('W'):
		for (n = e->pos; n && e->buf[n - 1] == ' '; n--)
			;
		while (n && e->buf[n - 1] != ' ')
			n--;
		cut_left(e, e->pos - n);
		break;
	default:
		if ((unsigned char)c < 0x20 || (unsigned char)c >= 0x7f || e->len == e->cap)
			break;	/* other control keys; a full line */
		memmove(e->buf + e->pos + 1, e->buf + e->pos, e->len - e->pos);
		e->buf[e->pos] = c;
		e->len++;
		emit(e, &c, 1);
		e->pos++;
		redraw_tail(e, 0);
	}
}

/* After ESC: "[C" right, "[D" left, "[H"/"[1~" home, "[F"/"[4~" end,
 * "[3~" delete; anything else is dropped. */
static void escape(struct ed *e)
{
	char a = 0, b = 0, t = 0;

	if (read(STDIN_FILENO, &a, 1) != 1 || (a != '[' && a != 'O'))
		return;
	if (read(STDIN_FILENO, &b, 1) != 1)
		return;
	if (b >= '0' && b <= '9' && (read(STDIN_FILENO, &t, 1) != 1 || t != '~'))
		return;
	switch (b) {
	case 'C': key(e, CTRL('F')); break;
	case 'D': key(e, CTRL('B')); break;
	case 'H': case '1': key(e, CTRL('A')); break;
	case 'F': case '4': key(e, CTRL('E')); break;
	case '3': key(e, CTRL('D')); break;
	}
}

int line_read(const char *prompt, char *buf, size_t len)
{
	static int after_cr;	/* a LF right after a CR ends no line */
	struct ed e = { buf, 0, len - 1, 0, { 0 }, 0 };

	emit(&e, prompt, strlen(prompt));
	flush(&e);
	for (;;) {
		char c;

		if (read(STDIN_FILENO, &c, 1) != 1) {
			buf[e.len] = 0;
			return e.len ? (int)e.len : -1;
		}
		if (c == '\n' && after_cr) {
			after_cr = 0;
			continue;
		}
		after_cr = c == '\r';
		if (c == '\r' || c == '\n') {
			emit(&e, "\n", 1);
			break;
		}
		if (c == CTRL('D') && e.len == 0) {
			flush(&e);
			return -1;
		}
		if (c == CTRL('C')) {
			emit(&e, "^C\n", 3);
			e.len = 0;
			break;
		}
		if (c == CTRL('L')) {
			emit(&e, "\033[H\033[2J", 7);
			emit(&e, prompt, strlen(prompt));
			emit(&e, buf, e.len);
			left(&e, e.len - e.pos);
		} else if (c == 0x1b) {
			flush(&e);
			escape(&e);
		} else {
			key(&e, c);
		}
		flush(&e);
	}
	flush(&e);
	buf[e.len] = 0;
	return (int)e.len;
}
