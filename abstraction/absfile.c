/* The MM preprocessing file: the common header (common/binio.h) with entry
 * name "mm", then
 *   u64 rules: the digest of the rules the writer derived its data by
 *       (abs_write's caller's; not summed: a reader compares it whole),
 *   u32 S, u32 flags (bit 0: defaults compression, bit 1: optimised centers, bit 2: edge costs),
 *   u32 nsectors, u32 ngroups,
 *   u32 pool_bytes, u32 nwide, u32 nregions, u32 nedges, u32 ndefault,
 *   nsectors x 3-byte sector words, ngroups x u32 group bases,
 *   nwide x (u32 pool offset, u32 edge count | region count << 16), pool_bytes bytes,
 *   u64 FNV-1a of everything after the header.
 * A loaded file is checked against the header, the rules, the trailing
 * checksum, sizes recomputed from W, H and S, and abs_validate() against the
 * grid. */
#include <stdlib.h>
#include <string.h>

#include "../common/binio.h"
#include "abstraction.h"

/* Sums what is written/read after the header, so a flipped byte anywhere is seen. */
typedef struct Summed {
    BinFile f;
    uint64_t sum;
} Summed;

static void put32(Summed *s, uint32_t v)
{
    unsigned char b[4] = {(unsigned char)v, (unsigned char)(v >> 8), (unsigned char)(v >> 16),
                          (unsigned char)(v >> 24)};
    s->sum = bin_fnv1a(s->sum, b, 4);
    bin_put_u32(&s->f, v);
}
static uint32_t get32(Summed *s)
{
    uint32_t v = bin_get_u32(&s->f);
    unsigned char b[4] = {(unsigned char)v, (unsigned char)(v >> 8), (unsigned char)(v >> 16),
                          (unsigned char)(v >> 24)};
    s->sum = bin_fnv1a(s->sum, b, 4);
    return v;
}

static FileHeader header_for(const Grid *g)
{
    FileHeader h = {ABS_FILE_VERSION, "mm", (uint32_t)g->width, (uint32_t)g->height, grid_checksum(g)};
    return h;
}

void abs_write(BinFile *f, const Abstraction *a, const Grid *g, uint64_t rules)
{
    Summed s = {*f, BIN_FNV_SEED};
    FileHeader h = header_for(g);
    bin_put_header(&s.f, &h);
    bin_put_u64(&s.f, rules);
    uint32_t flags = (a->defaults_on ? 1u : 0u) | (a->centers_opt ? 2u : 0u) | (a->costs_on ? 4u : 0u);
    uint32_t head[] = {(uint32_t)a->S, flags,       a->nsectors, a->ngroups, a->pool_bytes,
                       a->nwide,       a->nregions, a->nedges,   a->ndefault};
    for (size_t i = 0; i < sizeof head / sizeof head[0]; i++)
        put32(&s, head[i]);
    bin_put_bytes(&s.f, a->sector, (size_t)a->nsectors * ABS_WORD_BYTES);
    s.sum = bin_fnv1a(s.sum, a->sector, (size_t)a->nsectors * ABS_WORD_BYTES);
    for (uint32_t i = 0; i < a->ngroups; i++)
        put32(&s, a->group_base[i]);
    for (uint32_t i = 0; i < a->nwide; i++) {
        put32(&s, a->wide[i].pool_offset);
        put32(&s, a->wide[i].edges | (uint32_t)a->wide[i].regions << 16);
    }
    bin_put_bytes(&s.f, a->pool, a->pool_bytes);
    s.sum = bin_fnv1a(s.sum, a->pool, a->pool_bytes);
    bin_put_u64(&s.f, s.sum);
    f->failed = s.f.failed;
}

bool abs_save(const Abstraction *a, const Grid *g, const char *path, Err *err)
{
    BinFile f;
    if (!bin_create(&f, path, err))
        return false;
    abs_write(&f, a, g, 0);
    return bin_commit(&f, err);
}

bool abs_read(BinFile *f, Abstraction *a, const Grid *g, uint64_t rules, Err *err)
{
    memset(a, 0, sizeof *a);
    const char *path = f->path;
    Summed s = {*f, BIN_FNV_SEED};
    FileHeader want = header_for(g);
    bool ok = bin_check_header(&s.f, &want, err);
    uint32_t S = 0, flags = 0;
    uint64_t have = ok ? bin_get_u64(&s.f) : 0;
    if (ok && !s.f.failed && have != rules)
        ok = err_set(err,
                     "%s: derived by other rules (digest %016llx, this build's %016llx): centers, edge costs "
                     "or segments this build would not produce",
                     path, (unsigned long long)have, (unsigned long long)rules);
    if (ok) {
        S = get32(&s);
        flags = get32(&s);
        a->nsectors = get32(&s);
        a->ngroups = get32(&s);
        a->pool_bytes = get32(&s);
        a->nwide = get32(&s);
        a->nregions = get32(&s);
        a->nedges = get32(&s);
        a->ndefault = get32(&s);
        if (s.f.failed)
            ok = err_set(err, "%s: truncated file (sizes cut short)", path);
    }
    if (ok && (S < ABS_MIN_SECTOR || S > ABS_MAX_SECTOR || flags > 7))
        ok = err_set(err, "%s: sector size %u or flags %u out of range", path, S, flags);
    if (ok) {
        a->width = g->width;
        a->height = g->height;
        a->S = (int)S;
        a->sw = (g->width + a->S - 1) / a->S;
        a->sh = (g->height + a->S - 1) / a->S;
        a->defaults_on = flags & 1;
        a->centers_opt = flags >> 1 & 1;
        a->costs_on = flags >> 2 & 1;
        uint32_t nsec = (uint32_t)(a->sw * a->sh);
        if (a->nsectors != nsec || a->ngroups != (nsec + ABS_GROUP - 1) / ABS_GROUP || a->nwide > nsec ||
            a->pool_bytes > 8u * (uint32_t)g->width * (uint32_t)g->height + 64)
            ok = err_set(err, "%s: sizes do not fit a %dx%d map at S=%u", path, g->width, g->height, S);
    }
    if (ok) {
        a->sector = malloc(((size_t)a->nsectors + 1) * ABS_WORD_BYTES);
        a->group_base = malloc((size_t)a->ngroups * 4 + 4);
        a->wide = malloc((size_t)a->nwide * sizeof *a->wide + sizeof *a->wide);
        a->pool = malloc((size_t)a->pool_bytes + 1);
        if (!a->sector || !a->group_base || !a->wide || !a->pool)
            ok = err_set(err, "%s: out of memory loading", path);
    }
    if (ok) {
        bin_get_bytes(&s.f, a->sector, (size_t)a->nsectors * ABS_WORD_BYTES);
        s.sum = bin_fnv1a(s.sum, a->sector, (size_t)a->nsectors * ABS_WORD_BYTES);
        for (uint32_t i = 0; i < a->ngroups; i++)
            a->group_base[i] = get32(&s);
        for (uint32_t i = 0; i < a->nwide; i++) {
            a->wide[i].pool_offset = get32(&s);
            uint32_t e = get32(&s);
            a->wide[i].edges = (uint16_t)e;
            a->wide[i].regions = (uint16_t)(e >> 16);
            if (e >> 16 > ABS_MAX_SECTOR * ABS_MAX_SECTOR)
                ok = err_set(err, "%s: wide sector %u has %u regions", path, i, e >> 16);
        }
        bin_get_bytes(&s.f, a->pool, a->pool_bytes);
        s.sum = bin_fnv1a(s.sum, a->pool, a->pool_bytes);
        uint64_t stored = bin_get_u64(&s.f);
        if (ok && s.f.failed)
            ok = err_set(err, "%s: truncated file", path);
        else if (ok && !bin_sum_ok(stored, s.sum))
            ok = err_set(err, "%s: payload checksum differs (corrupt file)", path);
    }
    f->failed = s.f.failed;
    if (ok) {
        Err why;
        if (!abs_validate(a, g, &why))
            ok = err_set(err, "%s: inconsistent abstraction: %s", path, why.msg);
    }
    if (!ok)
        abs_free(a);
    return ok;
}

bool abs_load(Abstraction *a, const Grid *g, const char *path, Err *err)
{
    BinFile f;
    if (!bin_open(&f, path, NULL, err)) {
        memset(a, 0, sizeof *a);
        return false;
    }
    FILE *fp = f.fp;
    bool ok = abs_read(&f, a, g, 0, err);
    if (ok && fgetc(fp) != EOF) {
        abs_free(a);
        ok = err_set(err, "%s: trailing bytes after the abstraction", path);
    }
    fclose(fp);
    return ok;
}
