/*
 * pngcolors - how many pixels of a PNG have each given colour.
 *
 *   pngcolors [--cols X0-X1] FILE.png '#rrggbb'...
 *                                      prints "#rrggbb N" per colour
 *
 * --cols counts only the pixels of columns X0..X1 (inclusive): the left or
 * right half of a page that shows two timelines side by side.
 * For tests/trace/run.sh: a screenshot of the rendered timeline must show
 * every task's colour (solid slice bars), so counting exact pixels (within
 * TOLERANCE per channel, for the renderer's rounding) is enough; no image
 * library beyond libpng. Exit status 0, or 2 with a message.
 */
#include <png.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define TOLERANCE	3	/* per channel, out of 255 */

static int parse_hex(const char *s, int rgb[3])
{
	unsigned v;

	if (s[0] != '#' || strlen(s) != 7 || sscanf(s + 1, "%6x", &v) != 1)
		return -1;
	rgb[0] = (int)(v >> 16) & 255;
	rgb[1] = (int)(v >> 8) & 255;
	rgb[2] = (int)v & 255;
	return 0;
}

int main(int argc, char **argv)
{
	png_image img;
	png_bytep px;
	int i, first = 2;
	unsigned x0 = 0, x1 = ~0u;
	const char *file;

	if (argc > 2 && !strcmp(argv[1], "--cols")) {
		if (sscanf(argv[2], "%u-%u", &x0, &x1) != 2 || x1 < x0) {
			fprintf(stderr, "pngcolors: --cols wants X0-X1, not '%s'\n",
				argv[2]);
			return 2;
		}
		argv += 2;
		argc -= 2;
	}
	if (argc < 3) {
		fprintf(stderr, "usage: pngcolors [--cols X0-X1] FILE.png '#rrggbb'...\n");
		return 2;
	}
	file = argv[1];
	memset(&img, 0, sizeof(img));
	img.version = PNG_IMAGE_VERSION;
	if (!png_image_begin_read_from_file(&img, file)) {
		fprintf(stderr, "pngcolors: %s: %s\n", file, img.message);
		return 2;
	}
	img.format = PNG_FORMAT_RGB;
	px = malloc(PNG_IMAGE_SIZE(img));
	if (!px || !png_image_finish_read(&img, NULL, px, 0, NULL)) {
		fprintf(stderr, "pngcolors: %s: %s\n", file,
			px ? img.message : "out of memory");
		free(px);
		return 2;
	}
	for (i = first; i < argc; i++) {
		int rgb[3];
		size_t p, n = 0, npx = (size_t)img.width * img.height;

		if (parse_hex(argv[i], rgb)) {
			fprintf(stderr, "pngcolors: '%s' is not #rrggbb\n", argv[i]);
			free(px);
			return 2;
		}
		for (p = 0; p < npx; p++) {
			const png_byte *c = px + 3 * p;
			unsigned x = (unsigned)(p % img.width);

			if (x < x0 || x > x1)
				continue;
			n += abs(c[0] - rgb[0]) <= TOLERANCE &&
			     abs(c[1] - rgb[1]) <= TOLERANCE &&
			     abs(c[2] - rgb[2]) <= TOLERANCE;
		}
		printf("%s %zu\n", argv[i], n);
	}
	free(px);
	return 0;
}
