/*
 * report.c - build/bench/profile-report: where a bench row's instructions
 * go, per function, from two plugin.c profiles of otherwise identical boots
 * (make profile, bench/profile/profile.sh).
 *
 *   profile-report [-n TOP] [-c ROW_FIGURE] ROUNDS WITH.pcs WITHOUT.pcs
 *                  PREFIX:SYMS...
 *
 * WITH.pcs counts the boot whose row ran ROUNDS rounds, WITHOUT.pcs the
 * boot whose row ran none. Each PREFIX:SYMS is a symbol table in `nm -n`
 * form (address, type, name) of one program or kernel; a PC belongs to the
 * first table, in the order given, that has a code symbol at or below it
 * within that table's span (its first code symbol up to 1 MiB past its
 * last: the last function's end is not in nm -n's output). The function is
 * printed as PREFIX:NAME (an empty PREFIX prints NAME alone); a PC of no
 * table is credited to "[unknown]". A name's part from its first '.' on
 * is dropped: nasm's local labels (sysenter_entry.ds_done) and gcc's
 * clones (foo.part.0, foo.cold) count for the function they are part of.
 *
 * Prints the functions by instructions per round, (WITH - WITHOUT) /
 * ROUNDS, largest first (the TOP of them, default 25), each with its share
 * of the total, then the total per round and its split by prefix (the
 * tables without a prefix, the kernel's in profile.sh, as "kernel"), and
 * with -c the row's own figure (instructions per round by its own clock)
 * beside it. A negative line is a function that ran less in the boot with
 * the rounds: the two boots only start to differ where the rounds begin,
 * and the timer's ticks after that point fall at other instructions.
 */
#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define SPAN_SLACK	(1u << 20)

struct sym {
	uint64_t addr;
	int func;		/* index into funcs */
};

struct table {
	const char *prefix;
	struct sym *syms;
	size_t n;
	uint64_t lo, hi;
};

struct func {
	char *name;
	double with, without;
};

static struct table *tables;
static size_t ntables;
static struct func *funcs;
static size_t nfuncs, funcs_cap;

static void *xrealloc(void *p, size_t size)
{
	p = realloc(p, size);
	if (!p) {
		fprintf(stderr, "profile-report: out of memory\n");
		exit(1);
	}
	return p;
}

/* Function names -> index into funcs, open addressing (-1: free). */
static int *names;
static size_t names_size;

static size_t hash_str(const char *s)
{
	size_t h = 5381;

	while (*s)
		h = h * 33 + (unsigned char)*s++;
	return h;
}

static void names_grow(void)
{
	size_t size = names_size ? names_size * 2 : 1 << 12, i, j;
	int *t = xrealloc(NULL, size * sizeof(*t));

	for (i = 0; i < size; i++)
		t[i] = -1;
	for (i = 0; i < nfuncs; i++) {
		for (j = hash_str(funcs[i].name) & (size - 1); t[j] >= 0; j = (j + 1) & (size - 1))
			;
		t[j] = (int)i;
	}
	free(names);
	names = t;
	names_size = size;
}

/* The function PREFIX:NAME (NAME up to its first '.'), made if new. */
static int add_func(const char *prefix, const char *name)
{
	size_t base = name[0] == '.' ? strlen(name) : strcspn(name, ".");
	size_t len = strlen(prefix) + base + 2, j;
	char *full = xrealloc(NULL, len);

	snprintf(full, len, "%s%s%.*s", prefix, *prefix ? ":" : "", (int)base, name);
	if ((nfuncs + 1) * 2 > names_size)
		names_grow();
	for (j = hash_str(full) & (names_size - 1); names[j] >= 0; j = (j + 1) & (names_size - 1))
		if (!strcmp(funcs[names[j]].name, full)) {
			free(full);
			return names[j];
		}
	if (nfuncs == funcs_cap) {
		funcs_cap = funcs_cap ? funcs_cap * 2 : 1024;
		funcs = xrealloc(funcs, funcs_cap * sizeof(*funcs));
	}
	funcs[nfuncs].name = full;
	funcs[nfuncs].with = funcs[nfuncs].without = 0;
	names[j] = (int)nfuncs;
	return (int)nfuncs++;
}

static int by_addr(const void *a, const void *b)
{
	const struct sym *x = a, *y = b;

	return x->addr < y->addr ? -1 : x->addr > y->addr;
}

/* PREFIX:PATH, PATH an `nm -n` listing; code symbols only (t, T, w, W). */
static void load_table(const char *arg)
{
	const char *colon = strchr(arg, ':');
	char line[512], name[400], type;
	struct table *t;
	uint64_t addr;
	size_t cap = 0;
	char *prefix;
	FILE *f;

	if (!colon) {
		fprintf(stderr, "profile-report: want PREFIX:SYMS, not %s\n", arg);
		exit(2);
	}
	prefix = xrealloc(NULL, (size_t)(colon - arg) + 1);
	memcpy(prefix, arg, (size_t)(colon - arg));
	prefix[colon - arg] = 0;
	f = fopen(colon + 1, "r");
	if (!f) {
		fprintf(stderr, "profile-report: %s: %s\n", colon + 1, strerror(errno));
		exit(1);
	}
	tables = xrealloc(tables, (ntables + 1) * sizeof(*tables));
	t = &tables[ntables++];
	memset(t, 0, sizeof(*t));
	t->prefix = prefix;
	while (fgets(line, sizeof(line), f)) {
		if (sscanf(line, "%" SCNx64 " %c %399s", &addr, &type, name) != 3)
			continue;
		if (type != 't' && type != 'T' && type != 'w' && type != 'W')
			continue;
		if (t->n == cap) {
			cap = cap ? cap * 2 : 1024;
			t->syms = xrealloc(t->syms, cap * sizeof(*t->syms));
		}
		t->syms[t->n].addr = addr;
		t->syms[t->n].func = add_func(prefix, name);
		t->n++;
	}
	fclose(f);
	if (!t->n) {
		fprintf(stderr, "profile-report: no code symbols in %s\n", colon + 1);
		exit(1);
	}
	qsort(t->syms, t->n, sizeof(*t->syms), by_addr);
	t->lo = t->syms[0].addr;
	t->hi = t->syms[t->n - 1].addr + SPAN_SLACK;
}

static int unknown_func = -1;

static int lookup(uint64_t pc)
{
	size_t k;

	for (k = 0; k < ntables; k++) {
		struct table *t = &tables[k];
		size_t lo = 0, hi = t->n;

		if (pc < t->lo || pc >= t->hi)
			continue;
		while (hi - lo > 1) {	/* the last symbol at or below pc */
			size_t mid = lo + (hi - lo) / 2;

			if (t->syms[mid].addr <= pc)
				lo = mid;
			else
				hi = mid;
		}
		return t->syms[lo].func;
	}
	if (unknown_func < 0)
		unknown_func = add_func("", "[unknown]");
	return unknown_func;
}

/* Adds a plugin.c profile into funcs (with or without); its instructions. */
static double load_pcs(const char *path, int with)
{
	char line[128];
	uint64_t pc, count;
	double total = 0;
	FILE *f = fopen(path, "r");

	if (!f) {
		fprintf(stderr, "profile-report: %s: %s\n", path, strerror(errno));
		exit(1);
	}
	while (fgets(line, sizeof(line), f)) {
		int i;

		if (sscanf(line, "%" SCNx64 " %" SCNu64, &pc, &count) != 2)
			continue;
		i = lookup(pc);
		if (with)
			funcs[i].with += (double)count;
		else
			funcs[i].without += (double)count;
		total += (double)count;
	}
	fclose(f);
	return total;
}

static double rounds;

static double per_round(const struct func *f)
{
	return (f->with - f->without) / rounds;
}

static int by_per_round(const void *a, const void *b)
{
	double x = per_round(a), y = per_round(b);

	return x > y ? -1 : x < y;
}

/* The total per round split by prefix: the kernel against the program's
 * own code, e.g. "by table: kernel 210.4, bench 60.6". */
static void print_by_table(void)
{
	size_t i, k, len;

	printf("by table:");
	for (k = 0; k < ntables; k++) {
		double sum = 0;

		size_t j;

		for (j = 0; j < k && strcmp(tables[j].prefix, tables[k].prefix); j++)
			;
		if (j < k)
			continue;	/* that prefix is summed already */
		len = strlen(tables[k].prefix);
		for (i = 0; i < nfuncs; i++) {
			const char *n = funcs[i].name;

			if (len ? !strncmp(n, tables[k].prefix, len) && n[len] == ':'
				: !strchr(n, ':') && strcmp(n, "[unknown]"))
				sum += per_round(&funcs[i]);
		}
		printf("%s %s %.1f", k ? "," : "", len ? tables[k].prefix : "kernel", sum);
	}
	for (i = 0; i < nfuncs; i++)
		if (!strcmp(funcs[i].name, "[unknown]"))
			printf(", [unknown] %.1f", per_round(&funcs[i]));
	printf("\n");
}

static void usage(void)
{
	fprintf(stderr, "usage: profile-report [-n TOP] [-c ROW_FIGURE] ROUNDS WITH.pcs WITHOUT.pcs PREFIX:SYMS...\n");
	exit(2);
}

int main(int argc, char **argv)
{
	double total_with, total_without, total, shown = 0, figure = -1;
	int top = 25, a = 1;
	size_t i, pos;

	for (; a < argc && argv[a][0] == '-'; a += 2) {
		if (a + 1 >= argc)
			usage();
		if (!strcmp(argv[a], "-n"))
			top = atoi(argv[a + 1]);
		else if (!strcmp(argv[a], "-c"))
			figure = atof(argv[a + 1]);
		else
			usage();
	}
	if (argc - a < 4)
		usage();
	rounds = atof(argv[a]);
	if (rounds <= 0)
		usage();
	for (i = (size_t)a + 3; i < (size_t)argc; i++)
		load_table(argv[i]);
	total_with = load_pcs(argv[a + 1], 1);
	total_without = load_pcs(argv[a + 2], 0);
	total = (total_with - total_without) / rounds;
	qsort(funcs, nfuncs, sizeof(*funcs), by_per_round);
	printf("%12s %7s  %s\n", "insns/round", "share", "function");
	for (i = 0, pos = 0; i < nfuncs && (int)pos < top; i++) {
		double v = per_round(&funcs[i]);

		if (v < 0.05 && v > -0.05)
			continue;
		if (v <= 0)
			break;	/* the negatives come after the positives */
		printf("%12.1f %6.1f%%  %s\n", v, total ? 100 * v / total : 0, funcs[i].name);
		shown += v;
		pos++;
	}
	printf("%12.1f %6.1f%%  (the other functions, net)\n", total - shown,
	       total ? 100 * (total - shown) / total : 0);
	for (pos = 0, i = nfuncs; i-- > 0 && pos < 5; pos++) {
		double v = per_round(&funcs[i]);

		if (v > -0.5)
			break;
		printf("%12.1f %7s  %s (less with the rounds)\n", v, "", funcs[i].name);
	}
	printf("total: %.1f instructions per round (%.0f - %.0f over %.0f rounds)\n",
	       total, total_with, total_without, rounds);
	print_by_table();
	if (figure >= 0)
		printf("row: %.0f instructions per round by the row's own figure (the total is %+.1f%% off it)\n",
		       figure, figure ? 100 * (total - figure) / figure : 0);
	return 0;
}
