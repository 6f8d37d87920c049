/* binio.h: fixed-width little-endian reading and writing for preprocessing files,
 * and the common file header every entry's file starts with.
 *
 * Header layout (all little-endian):
 *   magic    8 bytes  "GPPCMM\0\2" (the last byte: the header's format)
 *   version  u32      entry-specific format version
 *   name     16 bytes entry name, NUL padded
 *   width    u32
 *   height   u32
 *   checksum u64      grid_checksum() of the map bits
 *   optlen   u16      at most BIN_OPTIONS_MAX
 *   options  optlen bytes: the options the file was built with
 *                     (entries/entry.h opts_canonical), no NUL
 * A reader rejects a file whose magic, entry name (all 16 bytes), version,
 * size, checksum or options differ, with a message naming the file and the
 * mismatching field. */
#ifndef GPPC_COMMON_BINIO_H
#define GPPC_COMMON_BINIO_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "err.h"

/* A writer/reader over a stdio stream that remembers the first failure, so a
 * sequence of calls can be checked once at the end. */
typedef struct BinFile {
    FILE *fp;
    const char *path;
    bool failed; /* a short read/write happened */
    char *tmp;   /* bin_create: the temporary file written until bin_commit */
    /* The options the file is built with: written into the header by
     * bin_put_header, and what bin_check_header requires (NULL = none).
     * Set it after bin_create, or by bin_open. */
    const char *options;
} BinFile;

/* Writing a file whole or not at all, so a failed or interrupted write never
 * leaves a truncated file where a good one was: bin_create creates a new
 * temporary file beside `path` (O_CREAT|O_EXCL: never through a link or over
 * a file already there; PATH.tmp.PID.K); bin_commit closes it and renames it
 * over `path` when every write succeeded, else removes it: the rename is the
 * only step that touches `path`. Both false + "PATH: problem". Every file the
 * project writes goes through these (preprocessing files, --csv, scengen). */
bool bin_create(BinFile *f, const char *path, Err *err);
bool bin_commit(BinFile *f, Err *err);

/* Opens a file to read (common/files.h file_open_input: a regular file only,
 * never waits on a FIFO) whose header must carry `options` (NULL = none).
 * False + "PATH: problem". Close with fclose(f->fp). */
bool bin_open(BinFile *f, const char *path, const char *options, Err *err);

void bin_put_u8(BinFile *f, uint8_t v);
void bin_put_u16(BinFile *f, uint16_t v);
void bin_put_u32(BinFile *f, uint32_t v);
void bin_put_u64(BinFile *f, uint64_t v);
void bin_put_f64(BinFile *f, double v);
void bin_put_bytes(BinFile *f, const void *p, size_t n);

uint8_t bin_get_u8(BinFile *f);
uint16_t bin_get_u16(BinFile *f);
uint32_t bin_get_u32(BinFile *f);
uint64_t bin_get_u64(BinFile *f);
double bin_get_f64(BinFile *f);
void bin_get_bytes(BinFile *f, void *p, size_t n);

/* Are at least `bytes` left to read? A reader asks before it allocates for
 * a count it read from the file, so a corrupt count is refused as a
 * truncated file, never trusted with gigabytes. False also when the stream
 * cannot tell its size. */
bool bin_fits(BinFile *f, uint64_t bytes);

#define BIN_OPTIONS_MAX 4096
/* The header's size with `optlen` bytes of options. */
#define BIN_HEADER_BYTES(optlen) (46 + (optlen))

typedef struct FileHeader {
    uint32_t version;
    char name[16];
    uint32_t width, height;
    uint64_t checksum;
} FileHeader;

void bin_put_header(BinFile *f, const FileHeader *h);
/* Reads a header and compares it with `want`; false with a message on any
 * mismatch or a truncated file. */
bool bin_check_header(BinFile *f, const FileHeader *want, Err *err);

/* 64-bit FNV-1a over a byte buffer, chained from `seed` (use BIN_FNV_SEED). */
#define BIN_FNV_SEED 0xcbf29ce484222325ull
uint64_t bin_fnv1a(uint64_t seed, const void *p, size_t n);

/* Does a stored checksum match the one computed? Always, in the fuzzing build
 * only (`make fuzz` defines FUZZING_BUILD_MODE_UNSAFE_FOR_PRODUCTION, libFuzzer's
 * convention): a fuzzer cannot forge a 64-bit hash, and would otherwise never
 * reach the checks that stand behind it. */
static inline bool bin_sum_ok(uint64_t stored, uint64_t computed)
{
#ifdef FUZZING_BUILD_MODE_UNSAFE_FOR_PRODUCTION
    (void)stored;
    (void)computed;
    return true;
#else
    return stored == computed;
#endif
}

#endif
