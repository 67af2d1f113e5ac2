/*
 * test_user.c - host unit tests of the ELF checker (kernel/elf.c) and the
 * cpio reader (kernel/initrd.c), on crafted images, and on the real initrd
 * that mk/user.mk built.
 *
 *   test_user [INITRD]      TAP; with INITRD also check the archive and
 *                           every program in it
 *   test_user --seeds DIR   write the crafted inputs as fuzzer seeds
 *                           (DIR/elf/, DIR/initrd/)
 *
 * Every input is handed over in a heap block of exactly its size, so under
 * AddressSanitizer a read one byte past the end is a failure.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include "elf.h"
#include "initrd.h"
#include "elf_build.h"
#include "uapi/errno.h"
#include "uapi/memlayout.h"

static int n_test, n_fail;
static const char *seed_dir;

static void ok(int cond, const char *name, const char *note)
{
	n_test++;
	if (!cond)
		n_fail++;
	printf("%sok %d %s%s%s\n", cond ? "" : "not ", n_test, name,
	       note && *note ? " # " : "", note ? note : "");
}

/* The condition first, then the note: a note often names what the call in
 * the condition wrote (argument order is unspecified in C). */
#define OK(cond, name, note) do {		\
	int c_ = (cond);			\
	ok(c_, name, note);			\
} while (0)

static void save_seed(const char *kind, const char *name, const void *buf, size_t len)
{
	char path[512];
	FILE *f;

	if (!seed_dir)
		return;
	snprintf(path, sizeof(path), "%s/%s/%s", seed_dir, kind, name);
	f = fopen(path, "wb");
	if (f) {
		fwrite(buf, 1, len, f);
		fclose(f);
	}
}

/* The limits the kernel uses (include/uapi/memlayout.h). */
static const struct elf_limits lim = { USER_BASE, USER_STACK_LOW, 64u << 20 };

/* elf_check() on an exact-size heap copy. */
static int check(const uint8_t *img, size_t size, struct elf_image *out)
{
	uint8_t *copy = malloc(size ? size : 1);
	int r;

	memcpy(copy, img, size);
	r = elf_check(copy, size, &lim, out);
	free(copy);
	return r;
}

#define T		USER_BASE
#define RX		(ELF_SEG_R | ELF_SEG_X)
#define RW		(ELF_SEG_R | ELF_SEG_W)

static uint8_t img[1 << 16];

/* Build an image from a header and segments, check it, and compare the
 * result and the reason with what is expected. */
static void expect(const char *name, const struct eb_hdr *h, const struct eb_seg *s,
		   int n, int want, const char *why_part)
{
	struct elf_image out;
	size_t size = eb_build(img, sizeof(img), h, s, n);
	char note[200] = "";
	int r;

	if (!size) {
		OK(0, name, "image does not fit the test buffer");
		return;
	}
	save_seed("elf", name, img, size);
	r = check(img, size, &out);
	if (r != want || (want && why_part && (!out.why || !strstr(out.why, why_part))))
		snprintf(note, sizeof(note), "got %d (%s), want %d (%s)", r,
			 out.why ? out.why : "-", want, why_part ? why_part : "-");
	OK(!note[0], name, note);
}

static void test_elf_good(void)
{
	struct eb_hdr h;
	struct eb_seg s[3] = {
		{ 1, 0x2000, T + 0x2000, 0x80, 0x3000, RW, 0x1000 },	/* data+bss */
		{ 1, 0x1000, T + 0x1000, 0x100, 0x100, RX, 0x1000 },	/* text */
		{ 0x6474e551, 0, 0, 0, 0, RW, 16 },			/* GNU_STACK */
	};
	struct elf_image out;
	size_t size;
	int r;

	eb_defaults(&h, T + 0x1010, 3);
	size = eb_build(img, sizeof(img), &h, s, 3);
	save_seed("elf", "good", img, size);
	r = check(img, size, &out);
	OK(r == 0 && out.nseg == 2, "elf_good", out.why);
	OK(out.seg[0].vaddr == T + 0x1000 && out.seg[1].vaddr == T + 0x2000,
	   "elf_segments_sorted", NULL);
	OK(out.entry == T + 0x1010 && out.seg[0].flags == RX &&
	   out.seg[1].filesz == 0x80 && out.seg[1].memsz == 0x3000 &&
	   out.seg[1].offset == 0x2000, "elf_fields_copied", NULL);
	OK(out.lowest == T + 0x1000 && out.highest == T + 0x5000, "elf_extent", NULL);

	/* Every shorter prefix is refused (the segments' data is at the end)
	 * and none is read past its end. */
	{
		size_t len, accepted = 0;

		for (len = 0; len < size; len++)
			if (check(img, len, &out) == 0)
				accepted++;
		OK(accepted == 0, "elf_every_prefix_refused", NULL);
	}

	/* Segments sharing a page (text ends, data starts in one page). */
	{
		struct eb_seg t[2] = {
			{ 1, 0x1000, T + 0x1000, 0x180, 0x180, RX, 0x1000 },
			{ 1, 0x1180, T + 0x1180, 0x10, 0x100, RW, 0x1000 },
		};

		eb_defaults(&h, T + 0x1000, 2);
		expect("elf_shared_page_ok", &h, t, 2, 0, NULL);
	}
	/* memsz 0: nothing to map, allowed and skipped. */
	{
		struct eb_seg t[2] = {
			{ 1, 0x1000, T + 0x1000, 0x100, 0x100, RX, 0x1000 },
			{ 1, 0, T + 0x9000, 0, 0, RW, 0x1000 },
		};

		eb_defaults(&h, T + 0x1000, 2);
		size = eb_build(img, sizeof(img), &h, t, 2);
		OK(check(img, size, &out) == 0 && out.nseg == 1, "elf_empty_segment_skipped",
		   out.why);
	}
}

static void test_elf_header(void)
{
	struct eb_seg s = { 1, 0x1000, T + 0x1000, 0x100, 0x100, RX, 0x1000 };
	struct eb_hdr h;
	struct elf_image out;
	size_t len;
	int bad = 0;

	for (len = 0; len < 52; len++) {
		uint8_t tiny[52] = { 0x7f, 'E', 'L', 'F', 1, 1, 1 };

		if (check(tiny, len, &out) != -ENOEXEC)
			bad++;
	}
	OK(!bad, "elf_shorter_than_header", NULL);
	OK(elf_check(NULL, 100, &lim, &out) == -ENOEXEC, "elf_null_image", NULL);

#define HDR_CASE(name, field_stmt, why) do {		\
		eb_defaults(&h, T + 0x1000, 1);		\
		field_stmt;				\
		expect(name, &h, &s, 1, -ENOEXEC, why);	\
	} while (0)
	HDR_CASE("elf_bad_magic", h.ident[1] = 'X', "magic");
	HDR_CASE("elf_class64", h.ident[4] = 2, "ELF32");
	HDR_CASE("elf_big_endian", h.ident[5] = 2, "little");
	HDR_CASE("elf_ident_version", h.ident[6] = 0, "version");
	HDR_CASE("elf_e_version", h.version = 2, "version");
	HDR_CASE("elf_dyn", h.type = 3, "ET_EXEC");
	HDR_CASE("elf_x86_64", h.machine = 62, "i386");
	HDR_CASE("elf_ehsize", h.ehsize = 64, "header size");
	HDR_CASE("elf_phentsize", h.phentsize = 56, "program header size");
	HDR_CASE("elf_phnum_0", h.phnum = 0, "no program headers");
	HDR_CASE("elf_phnum_huge", h.phnum = 0xffff, "too many");
#undef HDR_CASE

	/* e_phoff spoilt after building (the builder would place the headers
	 * wherever e_phoff says). */
	{
		static const uint32_t phoffs[] = { 0, 0x8000, 0xffffffe0u };
		static const char *const names[] = { "elf_phdrs_cross_end", "elf_phoff_past_end",
						     "elf_phoff_wraps" };
		uint8_t buf[0x1100];

		for (int i = 0; i < 3; i++) {
			size_t size;
			uint32_t v;

			eb_defaults(&h, T + 0x1000, 1);
			size = eb_build(buf, sizeof(buf), &h, &s, 1);
			v = i ? phoffs[i] : (uint32_t)size - 16;
			buf[28] = (uint8_t)v;
			buf[29] = (uint8_t)(v >> 8);
			buf[30] = (uint8_t)(v >> 16);
			buf[31] = (uint8_t)(v >> 24);
			save_seed("elf", names[i], buf, size);
			OK(check(buf, size, &out) == -ENOEXEC && strstr(out.why, "past the end"),
			   names[i], out.why);
		}
	}
}

static void test_elf_segments(void)
{
	struct eb_hdr h;

#define SEG_CASE(name, entry, why, ...) do {					\
		struct eb_seg s_[] = { __VA_ARGS__ };				\
		int n_ = (int)(sizeof(s_) / sizeof(s_[0]));			\
		eb_defaults(&h, entry, n_);					\
		expect(name, &h, s_, n_, why ? -ENOEXEC : 0, why);		\
	} while (0)
	SEG_CASE("elf_filesz_gt_memsz", T + 0x1000, "filesz > memsz",
		 { 1, 0x1000, T + 0x1000, 0x200, 0x100, RX, 0x1000 });
	SEG_CASE("elf_data_past_end", T + 0x1000, "past the end",
		 { 1, 0x1000, T + 0x1000, 0x100000, 0x100000, RX, 0x1000 });
	SEG_CASE("elf_offset_wraps", T + 0x1000, "past the end",
		 { 1, 0xfffff000u, T + 0x1000, 0x2000, 0x2000, RX, 0x1000 });
	SEG_CASE("elf_below_user_range", 0x08049000, "outside",
		 { 1, 0x1000, 0x08049000, 0x100, 0x100, RX, 0x1000 });
	SEG_CASE("elf_kernel_address", 0xC0001000u, "outside",
		 { 1, 0x1000, 0xC0001000u, 0x100, 0x100, RX, 0x1000 });
	SEG_CASE("elf_into_stack_area", USER_STACK_LOW - 0x1000, "outside",
		 { 1, 0x1000, USER_STACK_LOW - 0x1000, 0x100, 0x2000, RX, 0x1000 });
	SEG_CASE("elf_vaddr_memsz_wraps", 0xfffff000u, "outside",
		 { 1, 0x1000, 0xfffff000u, 0x100, 0x2000, RX, 0x1000 });
	SEG_CASE("elf_ends_at_limit_ok", USER_STACK_LOW - 0x1000, NULL,
		 { 1, 0x1000, USER_STACK_LOW - 0x1000, 0x100, 0x1000, RX, 0x1000 });
	SEG_CASE("elf_overlap", T + 0x1000, "overlap",
		 { 1, 0x1000, T + 0x1000, 0x100, 0x2000, RX, 0x1000 },
		 { 1, 0x2000, T + 0x2000, 0x100, 0x100, RW, 0x1000 });
	SEG_CASE("elf_overlap_reversed", T + 0x1000, "overlap",
		 { 1, 0x2000, T + 0x2000, 0x100, 0x100, RW, 0x1000 },
		 { 1, 0x1000, T + 0x1000, 0x100, 0x2000, RX, 0x1000 });
	SEG_CASE("elf_same_vaddr_twice", T + 0x1000, "overlap",
		 { 1, 0x1000, T + 0x1000, 0x100, 0x100, RX, 0x1000 },
		 { 1, 0x1000, T + 0x1000, 0x100, 0x100, RX, 0x1000 });
	SEG_CASE("elf_align_not_power_of_two", T + 0x1000, "power of two",
		 { 1, 0x1000, T + 0x1000, 0x100, 0x100, RX, 0x3000 });
	SEG_CASE("elf_vaddr_offset_disagree", T + 0x1000, "modulo",
		 { 1, 0x1800, T + 0x1000, 0x100, 0x100, RX, 0x1000 });
	SEG_CASE("elf_interp", T + 0x1000, "PT_INTERP",
		 { 3, 0x1000, 0, 0x10, 0x10, ELF_SEG_R, 1 },
		 { 1, 0x1000, T + 0x1000, 0x100, 0x100, RX, 0x1000 });
	SEG_CASE("elf_dynamic", T + 0x1000, "PT_DYNAMIC",
		 { 1, 0x1000, T + 0x1000, 0x100, 0x100, RX, 0x1000 },
		 { 2, 0x1000, T + 0x1000, 0x10, 0x10, RW, 4 });
	SEG_CASE("elf_no_load", T + 0x1000, "no loadable",
		 { 4, 0x1000, 0, 0x10, 0x10, ELF_SEG_R, 4 });
	SEG_CASE("elf_entry_outside", T + 0x5000, "entry",
		 { 1, 0x1000, T + 0x1000, 0x100, 0x100, RX, 0x1000 });
	SEG_CASE("elf_entry_at_end", T + 0x1100, "entry",
		 { 1, 0x1000, T + 0x1000, 0x100, 0x100, RX, 0x1000 });
	SEG_CASE("elf_entry_not_executable", T + 0x2000, "entry",
		 { 1, 0x1000, T + 0x1000, 0x100, 0x100, RX, 0x1000 },
		 { 1, 0x2000, T + 0x2000, 0x100, 0x100, RW, 0x1000 });
	SEG_CASE("elf_over_size_limit", T + 0x1000, "limit",
		 { 1, 0x1000, T + 0x1000, 0x100, 0x100, RX, 0x1000 },
		 { 1, 0x2000, T + 0x2000, 0x100, 65u << 20, RW, 0x1000 });
	SEG_CASE("elf_nine_loads", T + 0x1000, "too many PT_LOAD",
		 { 1, 0x1000, T + 0x1000, 0x10, 0x10, RX, 0x1000 },
		 { 1, 0x1000, T + 0x11000, 0x10, 0x10, RX, 0x1000 },
		 { 1, 0x1000, T + 0x21000, 0x10, 0x10, RX, 0x1000 },
		 { 1, 0x1000, T + 0x31000, 0x10, 0x10, RX, 0x1000 },
		 { 1, 0x1000, T + 0x41000, 0x10, 0x10, RX, 0x1000 },
		 { 1, 0x1000, T + 0x51000, 0x10, 0x10, RX, 0x1000 },
		 { 1, 0x1000, T + 0x61000, 0x10, 0x10, RX, 0x1000 },
		 { 1, 0x1000, T + 0x71000, 0x10, 0x10, RX, 0x1000 },
		 { 1, 0x1000, T + 0x81000, 0x10, 0x10, RX, 0x1000 });
#undef SEG_CASE
}

/* ---- cpio ---------------------------------------------------------------- */

static uint8_t arc[1 << 14];

static size_t make_archive(void)
{
	size_t len = 0;

	cpio_add(arc, sizeof(arc), &len, ".", NULL, 0, 0040755);
	cpio_add(arc, sizeof(arc), &len, "bin", NULL, 0, 0040755);
	cpio_add(arc, sizeof(arc), &len, "bin/sh", "SHELL", 5, 0100755);
	cpio_add(arc, sizeof(arc), &len, "./etc/demo.sh", "echo hi\n", 8, 0100644);
	cpio_add(arc, sizeof(arc), &len, "empty", NULL, 0, 0100644);
	cpio_add(arc, sizeof(arc), &len, "TRAILER!!!", NULL, 0, 0);
	/* Padding after the trailer, as cpio writes it to a 512-byte block. */
	while (len % 512)
		arc[len++] = 0;
	return len;
}

/* initrd_check() on an exact-size heap copy. */
static int icheck(const uint8_t *buf, size_t len, const char **why)
{
	uint8_t *copy = malloc(len ? len : 1);
	int r;

	memcpy(copy, buf, len);
	r = initrd_check(copy, len, why);
	free(copy);
	return r;
}

static void test_initrd_good(void)
{
	size_t len = make_archive();
	struct initrd_file f;
	const char *why = NULL;
	int r;

	save_seed("initrd", "good", arc, len);
	ok(icheck(arc, len, &why) == 5, "initrd_count", why);
	r = initrd_find(arc, len, "/bin/sh", &f, &why);
	OK(r == 0 && f.size == 5 && !memcmp(f.data, "SHELL", 5) && INITRD_IS_REG(f.mode) &&
	   !strcmp(f.name, "bin/sh") && f.name_len == 6, "initrd_find_abs", why);
	ok(initrd_find(arc, len, "bin/sh", &f, NULL) == 0 &&
	   initrd_find(arc, len, "./bin/sh", &f, NULL) == 0 &&
	   initrd_find(arc, len, "//bin/sh", &f, NULL) == 0, "initrd_find_spellings", NULL);
	ok(initrd_find(arc, len, "/etc/demo.sh", &f, NULL) == 0 && f.size == 8,
	   "initrd_find_dot_slash_entry", NULL);
	ok(initrd_find(arc, len, "/empty", &f, NULL) == 0 && f.size == 0, "initrd_empty_file",
	   NULL);
	ok(initrd_find(arc, len, "/bin", &f, NULL) == 0 && INITRD_IS_DIR(f.mode),
	   "initrd_directory", NULL);
	ok(initrd_find(arc, len, "/bin/s", &f, NULL) == -ENOENT &&
	   initrd_find(arc, len, "/bin/shx", &f, NULL) == -ENOENT &&
	   initrd_find(arc, len, "/nope", &f, NULL) == -ENOENT, "initrd_missing", NULL);
	ok(initrd_find(arc, len, "TRAILER!!!", &f, NULL) == -ENOENT, "initrd_trailer_not_a_file",
	   NULL);
	ok(initrd_find(NULL, 100, "/bin/sh", &f, NULL) == -ENOENT &&
	   initrd_check(NULL, 100, NULL) == 0, "initrd_null_buffer", NULL);
	ok(initrd_find(arc, len, NULL, &f, NULL) == -ENOENT, "initrd_null_path", NULL);

	/* Entries after the trailer are not part of the archive. */
	{
		size_t l2 = 0;

		cpio_add(arc, sizeof(arc), &l2, "TRAILER!!!", NULL, 0, 0);
		cpio_add(arc, sizeof(arc), &l2, "ghost", "x", 1, 0100644);
		ok(icheck(arc, l2, NULL) == 0 &&
		   initrd_find(arc, l2, "ghost", &f, NULL) == -ENOENT, "initrd_after_trailer", NULL);
	}
	/* No trailer, ending exactly after an entry: the entries are fine. */
	{
		size_t l2 = 0;

		cpio_add(arc, sizeof(arc), &l2, "a", "abc", 3, 0100644);
		cpio_add(arc, sizeof(arc), &l2, "b", "defgh", 5, 0100644);
		ok(icheck(arc, l2, NULL) == 2, "initrd_no_trailer", NULL);
		/* ... and even with the last data's padding cut off. */
		ok(icheck(arc, l2 - 3, NULL) == 2, "initrd_no_final_padding", NULL);
	}
}

static void test_initrd_bad(void)
{
	size_t len = make_archive(), cut;
	const char *why;
	int worst = 0, bad = 0;

	/* Every prefix: an error or fewer entries, never a read past it. */
	for (cut = 0; cut < len; cut++) {
		int r = icheck(arc, cut, &why);

		if (r > 5 || (r < 0 && !why))
			bad++;
		if (r < 0)
			worst++;
	}
	OK(!bad && worst > 0, "initrd_every_prefix", NULL);

#define BAD_CASE(name, stmt, want_why) do {					\
		len = make_archive();						\
		stmt;								\
		save_seed("initrd", name, arc, len);				\
		ok(icheck(arc, len, &why) == -EINVAL && why && strstr(why, want_why), \
		   name, why);							\
	} while (0)
	BAD_CASE("initrd_bad_magic", arc[5] = '7', "magic");
	BAD_CASE("initrd_odc_magic", memcpy(arc, "070707", 6), "magic");
	BAD_CASE("initrd_field_not_hex", arc[6 + 8 + 3] = 'g', "hexadecimal");
	BAD_CASE("initrd_namesize_zero", memcpy(arc + 6 + 11 * 8, "00000000", 8), "name size");
	BAD_CASE("initrd_namesize_huge", memcpy(arc + 6 + 11 * 8, "FFFFFFFF", 8), "name size");
	BAD_CASE("initrd_name_past_end", (memcpy(arc + 6 + 11 * 8, "00000100", 8), len = 140),
		 "truncated name");
	BAD_CASE("initrd_name_unterminated", memcpy(arc + 6 + 11 * 8, "00000001", 8), "NUL");
	BAD_CASE("initrd_nul_in_name", (memcpy(arc + 6 + 11 * 8, "00000003", 8),
					arc[110] = 'a', arc[111] = 0, arc[112] = 0), "NUL inside");
	BAD_CASE("initrd_filesize_huge", memcpy(arc + 6 + 6 * 8, "FFFFFFF0", 8), "truncated data");
	BAD_CASE("initrd_garbage_header", memset(arc, 'Z', 110), "magic");
#undef BAD_CASE

	/* Damage after a good entry leaves the good one readable. */
	{
		struct initrd_file f;

		len = make_archive();
		/* The 3rd entry ("bin/sh") starts after "." (112+4) and "bin" (116). */
		arc[116 + 116] = 'X';
		ok(initrd_find(arc, len, "bin", &f, NULL) == 0 &&
		   initrd_find(arc, len, "bin/sh", &f, &why) == -EINVAL && why,
		   "initrd_damage_keeps_earlier", why);
	}
	/* The "crc" variant (070702) and lower-case hex are accepted. */
	{
		size_t l2 = 0;
		struct initrd_file f;

		cpio_add(arc, sizeof(arc), &l2, "x", "data", 4, 0100644);
		arc[5] = '2';
		for (size_t i = 6; i < 110; i++)
			if (arc[i] >= 'A' && arc[i] <= 'F')
				arc[i] = (uint8_t)(arc[i] - 'A' + 'a');
		ok(initrd_find(arc, l2, "x", &f, NULL) == 0 && f.size == 4 && f.mode == 0100644,
		   "initrd_crc_magic_lowercase", NULL);
	}
}

/* ---- the real initrd --------------------------------------------------- */

static void test_real(const char *path)
{
	static const char *const progs[] = {
		"init", "sh", "topo", "ps", "rq", "top", "schedstat", "hog", "spin",
		"forker", "execer", "pipeping", "sleeper", "nicemix", "pin", "badargs",
		"forkbomb",
	};
	struct initrd_file f;
	const char *why;
	uint8_t *buf;
	long size;
	FILE *fp = fopen(path, "rb");
	char name[64], note[160];
	int n, bad = 0;

	if (!fp) {
		OK(0, "real_initrd_readable", path);
		return;
	}
	fseek(fp, 0, SEEK_END);
	size = ftell(fp);
	rewind(fp);
	buf = malloc((size_t)size);
	if (fread(buf, 1, (size_t)size, fp) != (size_t)size)
		size = 0;
	fclose(fp);
	n = icheck(buf, (size_t)size, &why);
	snprintf(note, sizeof(note), "%d entries, %ld bytes", n, size);
	OK(n >= (int)(sizeof(progs) / sizeof(progs[0])) + 5, "real_initrd_walks", why ? why : note);

	for (size_t i = 0; i < sizeof(progs) / sizeof(progs[0]); i++) {
		struct elf_image out;

		snprintf(name, sizeof(name), "/bin/%s", progs[i]);
		if (initrd_find(buf, (size_t)size, name, &f, &why) || !INITRD_IS_REG(f.mode)) {
			printf("# %s: missing\n", name);
			bad++;
			continue;
		}
		if (check(f.data, f.size, &out)) {
			printf("# %s: %s\n", name, out.why);
			bad++;
		}
	}
	OK(!bad, "real_programs_pass_elf_check", NULL);

	note[0] = 0;
	if (!initrd_find(buf, (size_t)size, "/bin/corrupt", &f, NULL)) {
		struct elf_image out;

		OK(check(f.data, f.size, &out) == -ENOEXEC, "real_corrupt_refused", out.why);
	} else {
		OK(0, "real_corrupt_refused", "no /bin/corrupt");
	}
	if (!initrd_find(buf, (size_t)size, "/bin/notelf", &f, NULL)) {
		struct elf_image out;

		OK(check(f.data, f.size, &out) == -ENOEXEC && strstr(out.why, "magic"),
		   "real_notelf_refused", out.why);
	} else {
		OK(0, "real_notelf_refused", "no /bin/notelf");
	}
	OK(!initrd_find(buf, (size_t)size, "/etc/test.sh", &f, NULL) && f.size > 0 &&
	   !initrd_find(buf, (size_t)size, "/etc/demo.sh", &f, NULL), "real_scripts_present",
	   NULL);
	free(buf);
}

int main(int argc, char **argv)
{
	if (argc > 2 && !strcmp(argv[1], "--seeds")) {
		char d[512];

		seed_dir = argv[2];
		snprintf(d, sizeof(d), "%s/elf", seed_dir);
		mkdir(d, 0755);
		snprintf(d, sizeof(d), "%s/initrd", seed_dir);
		mkdir(d, 0755);
	}
	printf("KTAP version 1\n");
	test_elf_good();
	test_elf_header();
	test_elf_segments();
	test_initrd_good();
	test_initrd_bad();
	if (argc == 2)
		test_real(argv[1]);
	printf("1..%d\n", n_test);
	return n_fail ? 1 : 0;
}
