/*
 * textcache.h - the read-only pages of the initrd's programs, one copy per
 * node, shared by every process that runs them (Linux's page cache, for a
 * file system that never changes).
 *
 * Why not copy a program's text into fresh pages at each exec: under QEMU's
 * TCG such pages have most often just held the previous image's code, and
 * every store into a page QEMU has translated code for takes its
 * self-modifying-code path, which makes a copy of a few KiB cost most of
 * an exec; the new copy would then be translated again when it runs.
 * Cached pages are written once, when first filled, and their
 * translations stay valid from one exec to the next.
 */
#ifndef KERNEL_TEXTCACHE_H
#define KERNEL_TEXTCACHE_H

#include <stdint.h>
#include "elf.h"

/*
 * The page at user address va (page aligned) of read-only segment sg of
 * the program whose file starts at file, as node's shared copy: its bytes
 * from the file within [sg->vaddr, sg->vaddr + sg->filesz), zeros around.
 * The page must hold no other segment's bytes (the caller checks). One
 * reference is taken for the caller's mapping (pmm.h page_ref_*); the
 * cache keeps its own, so a cached page is never freed. NULL when the
 * cache is full or no page could be had: the caller maps a private copy.
 */
void *textcache_get(const void *file, const struct elf_segment *sg,
		    uint32_t va, int node);

#endif
