/*
 * fbcon.c - the console drawn into the linear framebuffer the boot loader
 * set up (multiboot2 tag 8), for machines without VGA text mode: UEFI
 * firmware has none. Light grey 8x16 glyphs (fbfont.h) on black, 32 or 24
 * bits a pixel, scrolling, a subset of the ANSI escapes the shell and `top`
 * send (cursor home and position, clear screen, clear to end of line).
 *
 * The screen is a grid of characters, text[][]; shown[][] is what the
 * pixels show. Writing changes text[], then draws the cells where the two
 * differ. Scrolling moves text[] up a row and redraws the differing cells
 * instead of moving pixels: log lines are short, so most cells stay blank
 * in both rows, and no framebuffer memory is read (slow on real cards).
 * fbcon_dump() prints text[], which is therefore what the pixels show: the
 * screen test renders it on the host with the same font and compares.
 *
 * Before fbcon_init() (the framebuffer is known only after the boot
 * information is read, and reachable only once paging maps it), output
 * goes to early[], replayed when the screen comes up, so the screen shows
 * the boot log from its first line.
 *
 * Locking: all of it runs under printk's console lock (kernel/printk.c),
 * the only caller.
 */
#include <stdint.h>
#include "bootinfo.h"
#include "console.h"
#include "fbfont.h"
#include "paging.h"
#include "printk.h"	/* snprintf */
#include "string.h"

/* 1920x1200 in 8x16 cells; a larger screen uses its top left part. */
#define FBCON_MAX_COLS	240
#define FBCON_MAX_ROWS	75
#define FBCON_EARLY	8192		/* bytes of boot log kept for the replay */
#define FBCON_FG	0xaaaaaa	/* VGA's light grey, as 0xRRGGBB */

static char text[FBCON_MAX_ROWS][FBCON_MAX_COLS];
static char shown[FBCON_MAX_ROWS][FBCON_MAX_COLS];
static int cols, rows, cur_row, cur_col;
static int ready;			/* fbcon_init() drew the screen */
static volatile uint8_t *fb;
static uint32_t pitch, bytes_pp, fg_pixel;

static char early[FBCON_EARLY];
static uint32_t early_len;
static int early_lost;

/* An escape sequence in progress: ESC, then '[', parameters, final byte. */
static enum { ESC_NONE, ESC_SEEN, ESC_CSI } esc;
static int esc_par[2], esc_npar;

/* Colour c (0xRRGGBB) in the framebuffer's pixel format. */
static uint32_t pixel_of(const struct boot_fb *f, uint32_t c)
{
	uint32_t r = (c >> 16) & 0xff, g = (c >> 8) & 0xff, b = c & 0xff;

	return (r >> (8 - f->red_size)) << f->red_pos |
	       (g >> (8 - f->green_size)) << f->green_pos |
	       (b >> (8 - f->blue_size)) << f->blue_pos;
}

static void draw_cell(int r, int c)
{
	const uint8_t *glyph = fbfont_glyph(text[r][c]);
	volatile uint8_t *line = fb + (uint32_t)r * FONT_H * pitch +
				 (uint32_t)c * FONT_W * bytes_pp;
	int y, x;

	for (y = 0; y < FONT_H; y++, line += pitch) {
		uint8_t bits = glyph[y];

		if (bytes_pp == 4) {
			volatile uint32_t *p = (volatile uint32_t *)line;

			for (x = 0; x < FONT_W; x++)
				p[x] = bits & (0x80 >> x) ? fg_pixel : 0;
		} else {
			for (x = 0; x < FONT_W; x++) {
				uint32_t v = bits & (0x80 >> x) ? fg_pixel : 0;

				line[3 * x] = (uint8_t)v;
				line[3 * x + 1] = (uint8_t)(v >> 8);
				line[3 * x + 2] = (uint8_t)(v >> 16);
			}
		}
	}
	shown[r][c] = text[r][c];
}

static void sync_cell(int r, int c)
{
	if (ready && shown[r][c] != text[r][c])
		draw_cell(r, c);
}

static void sync_screen(void)
{
	int r, c;

	for (r = 0; r < rows; r++)
		for (c = 0; c < cols; c++)
			sync_cell(r, c);
}

static void clear_cells(int r, int c0, int c1)
{
	int c;

	for (c = c0; c < c1; c++)
		text[r][c] = ' ';
}

static void scroll(void)
{
	memmove(text[0], text[1], sizeof(text[0]) * (rows - 1));
	clear_cells(rows - 1, 0, cols);
	cur_row = rows - 1;
	sync_screen();
}

static void newline(void)
{
	cur_col = 0;
	if (++cur_row == rows)
		scroll();
}

static void clear_screen_from(int r0, int c0)
{
	int r;

	clear_cells(r0, c0, cols);
	for (r = r0 + 1; r < rows; r++)
		clear_cells(r, 0, cols);
	sync_screen();
}

/* The final byte of ESC [ params: the few sequences our programs send. */
static void csi(char final)
{
	int p0 = esc_npar > 0 ? esc_par[0] : 0;
	int c;

	switch (final) {
	case 'H':	/* cursor to row;col (1-based), home without them */
		cur_row = p0 > 0 ? p0 - 1 : 0;
		cur_col = esc_npar > 1 && esc_par[1] > 0 ? esc_par[1] - 1 : 0;
		if (cur_row >= rows)
			cur_row = rows - 1;
		if (cur_col >= cols)
			cur_col = cols - 1;
		break;
	case 'J':	/* 2: all of it; 0: from the cursor on */
		if (p0 == 2)
			clear_screen_from(0, 0);
		else if (p0 == 0)
			clear_screen_from(cur_row, cur_col);
		break;
	case 'K':	/* to the end of the line */
		clear_cells(cur_row, cur_col, cols);
		for (c = cur_col; c < cols; c++)
			sync_cell(cur_row, c);
		break;
	}
}

/* Returns 1 when c belonged to an escape sequence. */
static int escape(char c)
{
	switch (esc) {
	case ESC_NONE:
		if (c != '\033')
			return 0;
		esc = ESC_SEEN;
		return 1;
	case ESC_SEEN:
		esc = c == '[' ? ESC_CSI : ESC_NONE;
		esc_par[0] = esc_par[1] = 0;
		esc_npar = 0;
		return 1;
	case ESC_CSI:
		if (c >= '0' && c <= '9') {
			if (!esc_npar)
				esc_npar = 1;
			if (esc_npar <= 2 && esc_par[esc_npar - 1] < 1000)
				esc_par[esc_npar - 1] = esc_par[esc_npar - 1] * 10 + c - '0';
			return 1;
		}
		if (c == ';') {
			esc_npar = esc_npar ? esc_npar + 1 : 2;
			return 1;
		}
		if (c == '?')
			return 1;
		esc = ESC_NONE;
		csi(c);
		return 1;
	}
	return 0;
}

static void grid_putc(char c)
{
	if (escape(c))
		return;
	switch (c) {
	case '\n':
		newline();
		return;
	case '\r':
		cur_col = 0;
		return;
	case '\b':
		if (cur_col > 0)
			cur_col--;
		return;
	case '\t':
		do
			grid_putc(' ');
		while (cur_col % 8);
		return;
	}
	if ((uint8_t)c < ' ')
		return;
	/* The grid, and so the dump, holds only what the font draws. */
	text[cur_row][cur_col] = fbfont_has(c) ? c : '?';
	sync_cell(cur_row, cur_col);
	if (++cur_col == cols)
		newline();
}

static void out_str(void (*out)(char), const char *s)
{
	while (*s)
		out(*s++);
}

void fbcon_putc(char c)
{
	if (ready) {
		grid_putc(c);
		return;
	}
	if (early_len < sizeof(early))
		early[early_len++] = c;
	else
		early_lost = 1;
}

/*
 * Only an RGB framebuffer of 24 or 32 bits a pixel. GRUB under BIOS reports
 * VGA text (type 2) unless its configuration asks for a VBE mode, and then
 * vga.c is the screen.
 */
static int fbcon_usable(void)
{
	const struct boot_fb *f = &boot_info.fb;

	return f->addr && f->type == BOOT_FB_RGB && (f->bpp == 32 || f->bpp == 24) &&
	       f->width >= FONT_W && f->height >= FONT_H &&
	       f->red_size && f->red_size <= 8 && f->green_size && f->green_size <= 8 &&
	       f->blue_size && f->blue_size <= 8;
}

int fbcon_init(void)
{
	const struct boot_fb *f = &boot_info.fb;
	uint64_t len = (uint64_t)f->pitch * f->height;
	uint32_t i;
	int r;

	if (!fbcon_usable())
		return -1;
	/*
	 * Not in the user window (paging.h), nor above 4 GiB. Uncached:
	 * write-combining needs the PAT, which paging does not set up;
	 * uncached is correct on any card, and leaves the mapping alone when
	 * paging_split_ram() turns RAM into 4 KiB pages.
	 */
	if ((f->addr < PAGING_HOLE_END && f->addr + len > PAGING_HOLE_START) ||
	    paging_map_identity(f->addr, len, 1))
		return -2;
	fb = (volatile uint8_t *)(uintptr_t)f->addr;
	pitch = f->pitch;
	bytes_pp = f->bpp / 8;
	fg_pixel = pixel_of(f, FBCON_FG);
	cols = f->width / FONT_W;
	rows = f->height / FONT_H;
	if (cols > FBCON_MAX_COLS)
		cols = FBCON_MAX_COLS;
	if (rows > FBCON_MAX_ROWS)
		rows = FBCON_MAX_ROWS;

	/* Black everywhere, then the cells: shown[] starts as all-blank. */
	for (i = 0; i + 4 <= len; i += 4)
		*(volatile uint32_t *)(fb + i) = 0;
	for (; i < len; i++)
		fb[i] = 0;
	for (r = 0; r < rows; r++) {
		clear_cells(r, 0, cols);
		memset(shown[r], ' ', cols);
	}
	cur_row = cur_col = 0;
	ready = 1;
	if (early_lost)
		out_str(grid_putc, "(the boot log's start is cut)\n");
	for (i = 0; i < early_len; i++)
		grid_putc(early[i]);
	return 0;
}

void fbcon_dump(void (*out)(char))
{
	char line[32];
	int r, c, end;

	if (!ready) {
		out_str(out, "screen: none\n");
		return;
	}
	snprintf(line, sizeof(line), "screen: %dx%d\n", cols, rows);
	out_str(out, line);
	for (r = 0; r < rows; r++) {
		for (end = cols; end > 0 && text[r][end - 1] == ' '; end--)
			;
		out_str(out, "screen: ");
		for (c = 0; c < end; c++)
			out(text[r][c]);
		out('\n');
	}
	out_str(out, "screen: end\n");
}
