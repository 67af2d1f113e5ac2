/*
 * fbcheck.c - the screen test's judge: does a screenshot of the
 * framebuffer console show exactly the characters the console says it
 * drew?
 *
 *   fbcheck SERIAL_LOG SCREEN.PPM [EXPECTED.PPM]
 *
 * SERIAL_LOG holds the kernel's dump of its screen (fbcon_dump() in
 * arch/x86/fbcon.c: "screen: COLSxROWS", a "screen: " line a row, "screen:
 * end"; the last dump counts). SCREEN.PPM is QEMU's `screendump` (binary
 * PPM, 8 bits a channel). The expected image is drawn from the dump with
 * the kernel's own font table (build/gen/fbfont.c) and colours: light grey
 * glyphs on black, 8x16 cells from the top left, black beyond the grid.
 * Every pixel must match. Exit 0 when they do; else 1 and, as TAP
 * diagnostics, how many pixels differ and the first rows that do, with
 * what the screenshot's row looks like read back through the font.
 * EXPECTED.PPM: also write the expected image, to look at.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "fbfont.h"

#define FG	0xaa		/* fbcon.c's FBCON_FG, each channel */
#define MAX_COLS 240
#define MAX_ROWS 75

static char grid[MAX_ROWS][MAX_COLS + 1];
static int cols, rows;

static void die(const char *what, const char *file)
{
	fprintf(stdout, "# fbcheck: %s: %s\n", file, what);
	exit(2);
}

/* The last complete dump in the log. */
static void read_dump(const char *path)
{
	static char line[4096];
	char tmp[MAX_ROWS][MAX_COLS + 1];
	int c = 0, r = 0, in = 0, found = 0;
	FILE *f = fopen(path, "rb");

	if (!f)
		die("cannot open", path);
	while (fgets(line, sizeof(line), f)) {
		char *p = strstr(line, "screen: "), *e;

		if (!p)
			continue;
		p += 8;
		for (e = p + strlen(p); e > p && (e[-1] == '\n' || e[-1] == '\r'); e--)
			;
		*e = 0;
		if (!in && sscanf(p, "%dx%d", &c, &r) == 2 && strchr(p, 'x') &&
		    !strchr(p, ' ')) {
			if (c < 1 || c > MAX_COLS || r < 1 || r > MAX_ROWS)
				die("dump of an impossible size", path);
			in = 1;
			memset(tmp, 0, sizeof(tmp));
			found = 0;
			continue;
		}
		if (!in)
			continue;
		if (!strcmp(p, "end")) {
			if (found != r)
				die("dump with the wrong number of rows", path);
			memcpy(grid, tmp, sizeof(grid));
			cols = c;
			rows = r;
			in = 0;
			continue;
		}
		if (found == r || (int)strlen(p) > c)
			die("dump row too long or too many rows", path);
		memset(tmp[found], ' ', c);
		memcpy(tmp[found], p, strlen(p));
		found++;
	}
	fclose(f);
	if (!rows)
		die("no complete screen dump", path);
}

static uint8_t *read_ppm(const char *path, int *w, int *h)
{
	FILE *f = fopen(path, "rb");
	int max;
	uint8_t *px;

	if (!f)
		die("cannot open", path);
	if (fscanf(f, "P6 %d %d %d", w, h, &max) != 3 || max != 255 ||
	    fgetc(f) == EOF || *w <= 0 || *h <= 0)
		die("not a binary 8-bit PPM", path);
	px = malloc((size_t)*w * *h * 3);
	if (!px || fread(px, 3, (size_t)*w * *h, f) != (size_t)*w * *h)
		die("PPM cut short", path);
	fclose(f);
	return px;
}

/* The character whose glyph the screenshot's cell shows, or '#'. */
static char read_cell(const uint8_t *px, int w, int r, int c)
{
	int ch, y, x;

	for (ch = FONT_FIRST; ch <= FONT_LAST; ch++) {
		const uint8_t *g = fbfont_glyph((char)ch);
		int ok = 1;

		for (y = 0; y < FONT_H && ok; y++)
			for (x = 0; x < FONT_W && ok; x++) {
				const uint8_t *p = px + 3 * ((size_t)(r * FONT_H + y) * w +
							  c * FONT_W + x);
				int want = g[y] & (0x80 >> x) ? FG : 0;

				ok = p[0] == want && p[1] == want && p[2] == want;
			}
		if (ok)
			return (char)ch;
	}
	return '#';
}

int main(int argc, char **argv)
{
	int w, h, x, y, bad_rows = 0, last_row = -1;
	long bad = 0;
	uint8_t *shot, *want;

	if (argc < 3 || argc > 4) {
		fprintf(stderr, "usage: fbcheck SERIAL_LOG SCREEN.PPM [EXPECTED.PPM]\n");
		return 2;
	}
	read_dump(argv[1]);
	shot = read_ppm(argv[2], &w, &h);
	if (w < cols * FONT_W || h < rows * FONT_H) {
		printf("# screenshot %dx%d is smaller than the %dx%d-cell screen\n",
		       w, h, cols, rows);
		return 1;
	}
	want = calloc((size_t)w * h, 3);
	if (!want)
		die("out of memory", argv[2]);
	for (y = 0; y < rows * FONT_H; y++)
		for (x = 0; x < cols * FONT_W; x++) {
			const uint8_t *g = fbfont_glyph(grid[y / FONT_H][x / FONT_W]);

			if (g[y % FONT_H] & (0x80 >> (x % FONT_W)))
				memset(want + 3 * ((size_t)y * w + x), FG, 3);
		}
	if (argc == 4) {
		FILE *f = fopen(argv[3], "wb");

		if (!f)
			die("cannot write", argv[3]);
		fprintf(f, "P6\n%d %d\n255\n", w, h);
		fwrite(want, 3, (size_t)w * h, f);
		fclose(f);
	}
	/* Pixel by pixel; each text row that differs is shown, the first few. */
	for (y = 0; y < h; y++) {
		long line_bad = 0;

		for (x = 0; x < w; x++)
			line_bad += memcmp(shot + 3 * ((size_t)y * w + x),
					   want + 3 * ((size_t)y * w + x), 3) != 0;
		bad += line_bad;
		if (line_bad && y < rows * FONT_H && y / FONT_H != last_row &&
		    bad_rows < 4) {
			char seen[MAX_COLS + 1];
			int r = y / FONT_H, c, n = cols;

			for (c = 0; c < cols; c++)
				seen[c] = read_cell(shot, w, r, c);
			while (n > 0 && seen[n - 1] == ' ' && grid[r][n - 1] == ' ')
				n--;
			seen[n] = 0;
			printf("# row %d differs:\n#   dump:   '%.*s'\n#   screen: '%s'\n",
			       r, n, grid[r], seen);
			last_row = r;
			bad_rows++;
		}
	}
	if (bad) {
		printf("# %ld of %d pixels differ from the %dx%d-cell dump%s\n", bad,
		       w * h, cols, rows,
		       bad_rows ? "" : " (outside the text rows)");
		return 1;
	}
	printf("# %dx%d pixels match the %dx%d-cell dump\n", w, h, cols, rows);
	return 0;
}
