/*
 * report.h - what the files of bench/report share: a run's rows as read
 * from the bench: lines (report-rows.c), the table of the rows the report
 * knows, and the entry points of the deterministic mode (report-det.c),
 * the checks (report-check.c) and the chart (report-svg.c). report.c has
 * the table, results.md and main().
 */
#ifndef BENCH_REPORT_H
#define BENCH_REPORT_H

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "../user/bench/o1rows.h"

#define MAX_ROWS	64

struct row {
	char name[32];
	char unit[8];
	char skip[64];
	char extra[256];
	double median, min, max, p99, p10, p90;
	double ref;		/* the host's speed while it ran (ref=, ns), or 0 */
	int rounds, has_p99;
};

struct sys {
	struct row rows[MAX_ROWS];
	int n;
	char begin[160];
	int ended;
};

/*
 * What a row measures in the deterministic mode (QEMU -icount, bench/notes.md,
 * "Deterministic mode"), where guest time is the count of instructions of
 * all vCPUs, run one after another by one host thread:
 *   ONE_CPU   one CPU works at a time, the others are halted: the count of
 *             the kernel's instructions on the row's path;
 *   IN_TURN   two CPUs hand work to each other (a ping-pong, a child on
 *             another CPU, the APs started one by one): the kernel's
 *             instructions, plus whatever the waiting CPU executes
 *             (idle polling counts), plus how soon QEMU's round-robin
 *             reaches the CPU that was woken;
 *   AT_ONCE   several CPUs busy at once (hogs): each gets a share of one
 *             instruction clock, so the row measures QEMU's round-robin
 *             as much as the kernel.
 */
enum det_kind { ONE_CPU, IN_TURN, AT_ONCE };
extern const char *const det_kind_text[];

/*
 * The rows in table order, what they measure, whether --check wants them
 * measured on both kernels (0: may be skipped with a reason; 2: on ours
 * only, which alone has them), their kind in the deterministic mode, and
 * the fewest context switches a round makes by the row's own design (0:
 * no such claim): the row's sw_per_round= (the kernels' own counters of
 * the CPUs it used) must reach it, less SW_SLACK, on both kernels, or the
 * two did not do the same work (same_work()). moves: 1 when the row's work
 * is a task moved every round (its moved=, the rounds in which the kernel
 * moved it), which likewise must reach its rounds less SW_SLACK.
 */
struct def {
	const char *name, *what;
	int must;
	enum det_kind det;
	double sw;
	int moves;
};
extern const struct def defs[];
extern const int ndefs;
#define NDEFS	ndefs

/* The sizes of the user-level O(1) rows (o1rows.h), in order. */
extern const int o1_n[];
extern const int no1;
#define NO1	no1

/* The run (DIR) and its meta.txt; with --compare the second run too. */
extern struct sys os, lx, os2, lx2;
extern char meta[16][1024], meta2[16][1024];
extern int nmeta, nmeta2, have_run2;

/*
 * The deterministic section lives in results.md between these two lines:
 * the wall-clock run rewrites the rest of the file and keeps it, the
 * deterministic run rewrites it alone and keeps the rest.
 */
#define DET_BEGIN	"<!-- deterministic mode: begin (make bench DETERMINISTIC=1 rewrites this section) -->\n"
#define DET_END		"<!-- deterministic mode: end -->\n"
#define SVG_LINE	"![ratios and the O(1) curve](results.svg)"
/* issue 17: two deterministic runs give every row within 1% */
#define AGREE		0.01

/* Row i of both kernels as table cells: ours, Linux's, their ratio ("-"
 * when one is missing). 0 when neither kernel has the row. */
struct cells {
	char a[96], b[96], rs[16];
	double ratio;
	int have;
};

/* report-rows.c */
int field(const char *line, const char *key, char *out, size_t len);
const char *meta_in(char m[][1024], int n, const char *key);
const char *meta_get(const char *key);
/* "Linux 6.12.118+": the version the run's Linux printed (meta linux=). */
const char *linux_name(void);
const struct row *find(const struct sys *s, const char *name, double *v);
int measured(const struct row *r);
double extra_num(const struct row *r, const char *key);
int same_work(const char *name, char *why, size_t len);
int has_work_check(const char *name);
int same_clock(const struct row *a, const struct row *b);
double ratio_of(const char *name, int *have);
int row_cells(int i, struct cells *c);
char *slurp(const char *path);
void load_run(const char *dir, struct sys *s, struct sys *l, char m[][1024], int *n);

/* report-det.c: the deterministic mode */
char *det_block_of(const char *path);
int compare(FILE *f);
int write_det_md(const char *path, const char *whyfile);

/* report-check.c: --check, and the same work on both kernels */
int same_work_tap(FILE *f, int *n);
int work_lines(FILE *f, int md);
int check(void);

/* report-svg.c */
void write_svg(const char *path);

#endif
