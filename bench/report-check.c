/*
 * report-check.c - --check, the sanity of a (quick) run as TAP, and the
 * test that both kernels did each row's work (same_work()).
 */
#include "report.h"

/*
 * TAP, one test a row that claims its switches or counts its work: both
 * kernels did that same work (same_work()), numbered from *n on. Returns
 * the number that failed.
 */
int same_work_tap(FILE *f, int *n)
{
	char why[160];
	int bad = 0;

	for (int i = 0; i < NDEFS; i++) {
		const char *name = defs[i].name;

		if (strchr(name, ':') || !has_work_check(name))
			continue;
		(*n)++;
		if (same_work(name, why, sizeof(why)))
			fprintf(f, "ok %d same_work_%s\n", *n, name);
		else {
			fprintf(f, "not ok %d same_work_%s # not the same work on both kernels: %s\n",
				*n, name, why);
			bad++;
		}
	}
	return bad;
}

/* The rows that did not do the same work on both kernels, with why. */
int work_lines(FILE *f, int md)
{
	char why[160];
	int bad = 0;

	for (int i = 0; i < NDEFS; i++) {
		if (strchr(defs[i].name, ':') || same_work(defs[i].name, why, sizeof(why)))
			continue;
		if (!bad)
			fprintf(f, md ? "\n**Rows that did not do the same work on both kernels** "
					"(no ratio: the run fails):\n\n"
				      : "\nnot the same work (no ratio; the run fails):\n");
		fprintf(f, md ? "- `%s`: %s.\n" : "  %s: %s\n", defs[i].name, why);
		bad++;
	}
	return bad;
}

/* A row of user/bench (not the kernel's o1k_ nor run.sh's bring-up rows). */
static int in_guest_program(const char *name)
{
	return strncmp(name, "o1k_", 4) && strncmp(name, "boot_", 5) && strncmp(name, "smp_", 4);
}

int check(void)
{
	int n = 0, bad = 0;

	for (int s = 0; s < 2; s++) {
		const struct sys *sy = s ? &lx : &os;
		const char *who = s ? "linux" : "os";

		n++;
		if (sy->ended && sy->begin[0])
			printf("ok %d %s_run_complete\n", n, who);
		else {
			printf("not ok %d %s_run_complete # no bench: begin/end\n", n, who);
			bad++;
		}
		for (int i = 0; i < NDEFS; i++) {
			double v = 0;
			const struct row *r;
			int min_ok;

			if (strchr(defs[i].name, ':'))
				continue;
			r = find(sy, defs[i].name, &v);
			if (!r && (!defs[i].must || (defs[i].must == 2 && s)))
				continue;
			n++;
			if (!r || (r->skip[0] && defs[i].must)) {
				printf("not ok %d %s_%s # %s\n", n, who, defs[i].name,
				       r ? r->skip : "missing");
				bad++;
				continue;
			}
			if (r->skip[0]) {
				printf("ok %d %s_%s # SKIP %s\n", n, who, defs[i].name, r->skip);
				continue;
			}
			/* smp_1 starts no AP: 0 is its true value */
			min_ok = !strcmp(defs[i].name, "smp_1") ? r->min >= 0 : r->min > 0;
			/* every row of the bench program reads the host's speed */
			if (in_guest_program(defs[i].name) && r->ref <= 0)
				min_ok = 0;
			if (min_ok && r->min <= r->median && r->median <= r->max &&
			    r->rounds > 0 && (!r->has_p99 || (r->p99 >= r->median && r->p99 <= r->max)))
				printf("ok %d %s_%s # median %.0f %s\n", n, who, defs[i].name,
				       r->median, r->unit);
			else {
				printf("not ok %d %s_%s # min %.0f median %.0f max %.0f rounds %d ref %.0f\n",
				       n, who, defs[i].name, r->min, r->median, r->max, r->rounds, r->ref);
				bad++;
			}
		}
	}
	bad += same_work_tap(stdout, &n);
	printf("1..%d\n", n);
	return bad ? 1 : 0;
}
