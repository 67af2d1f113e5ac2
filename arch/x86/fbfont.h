/*
 * fbfont.h - the framebuffer console's 8x16 font: the printable ASCII
 * characters, one byte a pixel row, the leftmost pixel in bit 7.
 *
 * The table is not in the repository: the build converts it
 * (tools/fbcon/psf2c.c) from Uni2-VGA16.psf.gz of Debian's
 * console-setup-linux (its u_vga16 font, under an MIT-style licence;
 * /usr/share/doc/console-setup-linux/copyright.fonts.gz), into
 * build/gen/fbfont.c. The kernel (arch/x86/fbcon.c) and the screen test's
 * renderer (tools/fbcon/fbcheck.c) link the same table.
 */
#ifndef ARCH_X86_FBFONT_H
#define ARCH_X86_FBFONT_H

#include <stdint.h>

#define FONT_W		8
#define FONT_H		16
#define FONT_FIRST	' '
#define FONT_LAST	'~'

extern const uint8_t fbfont[FONT_LAST - FONT_FIRST + 1][FONT_H];

static inline int fbfont_has(char c)
{
	return c >= FONT_FIRST && c <= FONT_LAST;
}

/* The glyph of c; '?' stands for what the font lacks. */
static inline const uint8_t *fbfont_glyph(char c)
{
	return fbfont[(fbfont_has(c) ? c : '?') - FONT_FIRST];
}

#endif
