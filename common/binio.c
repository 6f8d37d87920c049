#include "binio.h"

#include "files.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

/* The last byte is the header's own format: 2 added the options. */
static const unsigned char FILE_MAGIC[8] = {'G', 'P', 'P', 'C', 'M', 'M', 0, 2};

static void put_le(BinFile *f, uint64_t v, int nbytes)
{
    unsigned char b[8];
    for (int i = 0; i < nbytes; i++)
        b[i] = (unsigned char)(v >> (8 * i));
    bin_put_bytes(f, b, (size_t)nbytes);
}

static uint64_t get_le(BinFile *f, int nbytes)
{
    unsigned char b[8] = {0};
    bin_get_bytes(f, b, (size_t)nbytes);
    uint64_t v = 0;
    for (int i = 0; i < nbytes; i++)
        v |= (uint64_t)b[i] << (8 * i);
    return v;
}

void bin_put_bytes(BinFile *f, const void *p, size_t n)
{
    if (!f->failed && n && fwrite(p, 1, n, f->fp) != n)
        f->failed = true;
}

void bin_get_bytes(BinFile *f, void *p, size_t n)
{
    if (f->failed) {
        memset(p, 0, n);
        return;
    }
    if (n && fread(p, 1, n, f->fp) != n) {
        f->failed = true;
        memset(p, 0, n);
    }
}

void bin_put_u8(BinFile *f, uint8_t v) { put_le(f, v, 1); }
void bin_put_u16(BinFile *f, uint16_t v) { put_le(f, v, 2); }
void bin_put_u32(BinFile *f, uint32_t v) { put_le(f, v, 4); }
void bin_put_u64(BinFile *f, uint64_t v) { put_le(f, v, 8); }
uint8_t bin_get_u8(BinFile *f) { return (uint8_t)get_le(f, 1); }
uint16_t bin_get_u16(BinFile *f) { return (uint16_t)get_le(f, 2); }
uint32_t bin_get_u32(BinFile *f) { return (uint32_t)get_le(f, 4); }
uint64_t bin_get_u64(BinFile *f) { return get_le(f, 8); }

void bin_put_f64(BinFile *f, double v)
{
    uint64_t u;
    memcpy(&u, &v, sizeof u);
    bin_put_u64(f, u);
}

double bin_get_f64(BinFile *f)
{
    uint64_t u = bin_get_u64(f);
    double v;
    memcpy(&v, &u, sizeof v);
    return v;
}

void bin_put_header(BinFile *f, const FileHeader *h)
{
    char name[16] = {0};
    size_t len = strnlen(h->name, sizeof name - 1);
    memcpy(name, h->name, len);
    const char *opts = f->options ? f->options : "";
    size_t olen = strnlen(opts, BIN_OPTIONS_MAX);
    bin_put_bytes(f, FILE_MAGIC, sizeof FILE_MAGIC);
    bin_put_u32(f, h->version);
    bin_put_bytes(f, name, sizeof name);
    bin_put_u32(f, h->width);
    bin_put_u32(f, h->height);
    bin_put_u64(f, h->checksum);
    bin_put_u16(f, (uint16_t)olen);
    bin_put_bytes(f, opts, olen);
}

bool bin_check_header(BinFile *f, const FileHeader *want, Err *err)
{
    unsigned char magic[8];
    bin_get_bytes(f, magic, sizeof magic);
    if (f->failed)
        return err_set(err, "%s: truncated file (no header)", f->path);
    if (memcmp(magic, FILE_MAGIC, sizeof magic - 1) != 0)
        return err_set(err, "%s: not a gppc-mm preprocessing file (bad magic)", f->path);
    if (magic[7] != FILE_MAGIC[7])
        return err_set(err, "%s: header format %u, expected %u (written by another version: preprocess again)", f->path,
                       magic[7], FILE_MAGIC[7]);
    uint32_t version = bin_get_u32(f);
    char name[17] = {0}, want_name[16] = {0};
    bin_get_bytes(f, name, 16);
    memcpy(want_name, want->name, strnlen(want->name, sizeof want_name - 1));
    uint32_t w = bin_get_u32(f), h = bin_get_u32(f);
    uint64_t sum = bin_get_u64(f);
    uint16_t olen = bin_get_u16(f);
    char opts[BIN_OPTIONS_MAX + 1] = {0};
    if (!f->failed && olen <= BIN_OPTIONS_MAX)
        bin_get_bytes(f, opts, olen);
    if (f->failed)
        return err_set(err, "%s: truncated file (header cut short)", f->path);
    /* All 16 bytes: a byte after the name's NUL is a corrupt header too. */
    if (memcmp(name, want_name, 16) != 0)
        return err_set(err, "%s: written by entry '%.16s', expected '%s'%s", f->path, name, want->name,
                       strcmp(name, want_name) == 0 ? " (bytes after the name)" : "");
    if (version != want->version)
        return err_set(err, "%s: format version %u, expected %u", f->path, version, want->version);
    if (w != want->width || h != want->height)
        return err_set(err, "%s: map size %ux%u, expected %ux%u", f->path, w, h, want->width, want->height);
    if (sum != want->checksum)
        return err_set(err, "%s: map checksum differs (file is for another map or stale)", f->path);
    const char *asked = f->options ? f->options : "";
    if (olen > BIN_OPTIONS_MAX || strlen(opts) != olen || strcmp(opts, asked) != 0)
        return err_set(err, "%s: built with options '%.200s', this run asks for '%.200s'", f->path, opts, asked);
    return true;
}

bool bin_open(BinFile *f, const char *path, const char *options, Err *err)
{
    memset(f, 0, sizeof *f);
    f->path = path;
    f->options = options;
    f->fp = file_open_input(path, 0, NULL, err);
    return f->fp != NULL;
}

bool bin_fits(BinFile *f, uint64_t bytes)
{
    struct stat st;
    long at = ftell(f->fp);
    return at >= 0 && fstat(fileno(f->fp), &st) == 0 && st.st_size >= at && (uint64_t)(st.st_size - at) >= bytes;
}

uint64_t bin_fnv1a(uint64_t seed, const void *p, size_t n)
{
    const unsigned char *b = p;
    uint64_t h = seed;
    for (size_t i = 0; i < n; i++) {
        h ^= b[i];
        h *= 0x100000001b3ull;
    }
    return h;
}

bool bin_create(BinFile *f, const char *path, Err *err)
{
    memset(f, 0, sizeof *f);
    f->path = path;
    size_t size = strlen(path) + 48;
    f->tmp = malloc(size);
    if (!f->tmp)
        return err_set(err, "%s: out of memory", path);
    /* O_EXCL: a name already there (a link planted to another file, a
     * leftover) is never opened, only passed over for the next one. */
    int fd = -1;
    for (int k = 0; k < 100 && fd < 0; k++) {
        snprintf(f->tmp, size, "%s.tmp.%ld.%d", path, (long)getpid(), k);
        fd = open(f->tmp, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0666);
        if (fd < 0 && errno != EEXIST)
            break;
    }
    f->fp = fd >= 0 ? fdopen(fd, "wb") : NULL;
    if (!f->fp) {
        if (fd >= 0) {
            close(fd);
            remove(f->tmp);
        }
        free(f->tmp);
        f->tmp = NULL;
        return err_set(err, "%s: cannot write", path);
    }
    return true;
}

bool bin_commit(BinFile *f, Err *err)
{
    bool ok = !ferror(f->fp) && !f->failed; /* a write the stream failed (full disk) */
    ok = fclose(f->fp) == 0 && ok;
    ok = ok && rename(f->tmp, f->path) == 0;
    if (!ok)
        remove(f->tmp);
    free(f->tmp);
    f->tmp = NULL;
    f->fp = NULL;
    return ok || err_set(err, "%s: write error", f->path);
}
