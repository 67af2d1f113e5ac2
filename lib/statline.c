/* statline.c - the `stat:` line (include/statline.h). */
#include "statline.h"

struct out {
	char *buf;
	size_t len, pos;
};

static void put_str(struct out *o, const char *s)
{
	for (; *s; s++, o->pos++)
		if (o->pos + 1 < o->len)
			o->buf[o->pos] = *s;
}

static void put_key(struct out *o, const char *key, unsigned long v)
{
	char tmp[24];
	int n = 0;

	put_str(o, key);
	do {
		tmp[n++] = (char)('0' + v % 10);
		v /= 10;
	} while (v);
	while (n) {
		char c[2] = { tmp[--n], 0 };

		put_str(o, c);
	}
}

int stat_line_format(char *buf, size_t len, const struct schedstat_cpu *c)
{
	struct out o = { buf, len, 0 };

	if (!len)
		return 0;
	put_key(&o, "stat: cpu=", c->cpu);
	put_key(&o, " switches=", c->switches);
	put_key(&o, " exec_moves=", c->exec_moves);
	put_key(&o, " node_moves_in=", c->node_moves_in);
	put_key(&o, " local_moves_in=", c->local_moves_in);
	put_key(&o, " active_moves_in=", c->active_moves_in);
	put_key(&o, " idle_ticks=", c->idle_ticks);
	put_key(&o, " busy_ticks=", c->busy_ticks);
	put_key(&o, " wake_moves_in=", c->wake_moves_in);
	put_key(&o, " affinity_moves_in=", c->affinity_moves_in);
	buf[o.pos < len ? o.pos : len - 1] = '\0';
	return (int)(o.pos < len ? o.pos : len - 1);
}
