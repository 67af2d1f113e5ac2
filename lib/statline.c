/* statline.c - the `stat:` line and the builder of such lines (include/statline.h). */
#include "statline.h"

void line_put_str(struct line_out *o, const char *s)
{
	for (; *s; s++, o->pos++)
		if (o->pos + 1 < o->len)
			o->buf[o->pos] = *s;
}

void line_put_key(struct line_out *o, const char *key, unsigned long long v)
{
	char tmp[24];
	int n = 0;

	line_put_str(o, key);
	do {
		tmp[n++] = (char)('0' + v % 10);
		v /= 10;
	} while (v);
	while (n) {
		char c[2] = { tmp[--n], 0 };

		line_put_str(o, c);
	}
}

void line_put_int(struct line_out *o, const char *key, int v)
{
	if (v < 0) {
		line_put_str(o, key);
		line_put_key(o, "-", (unsigned long long)-(long long)v);
	} else {
		line_put_key(o, key, (unsigned long long)v);
	}
}

void line_put_word(struct line_out *o, const char *key, const char *w)
{
	char c[2] = { 0, 0 };
	int n;

	line_put_str(o, key);
	for (n = 0; w[n] && n < LINE_WORD_MAX; n++) {
		c[0] = (w[n] > ' ' && w[n] < 127) ? w[n] : '?';
		line_put_str(o, c);
	}
}

int line_end(struct line_out *o)
{
	size_t end = o->pos < o->len ? o->pos : o->len - 1;

	o->buf[end] = '\0';
	return (int)end;
}

int stat_line_format(char *buf, size_t len, const struct schedstat_cpu *c)
{
	struct line_out o = { buf, len, 0 };

	if (!len)
		return 0;
	line_put_key(&o, "stat: cpu=", c->cpu);
	line_put_key(&o, " switches=", c->switches);
	line_put_key(&o, " exec_moves=", c->exec_moves);
	line_put_key(&o, " node_moves_in=", c->node_moves_in);
	line_put_key(&o, " local_moves_in=", c->local_moves_in);
	line_put_key(&o, " active_moves_in=", c->active_moves_in);
	line_put_key(&o, " idle_ticks=", c->idle_ticks);
	line_put_key(&o, " busy_ticks=", c->busy_ticks);
	line_put_key(&o, " wake_moves_in=", c->wake_moves_in);
	line_put_key(&o, " affinity_moves_in=", c->affinity_moves_in);
	return line_end(&o);
}
