/* The dynamic start kit's C ABI (gppc_abi.h) over the public API
 * (api/gppc_mm.h), built into lib/libGPPCentry.so with every other symbol
 * hidden (-fvisibility=hidden and gppc_dynamic.map). The entry is the spec
 * GPPC_MM_SPEC ("mm" unless compile.sh sets another). Errors cannot travel
 * through the kit's signatures, so they go to stderr. */
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../../api/gppc_mm.h"
#include "gppc_abi.h"

#ifndef GPPC_MM_SPEC
#define GPPC_MM_SPEC "mm"
#endif
#define EXPORT __attribute__((visibility("default")))

typedef struct DynData {
    GppcMm *mm;
    struct gppc_patch map;  /* the kit's active map, borrowed until gppc_free_data */
    uint8_t *known;         /* the map as the instance knows it, in the kit's bit layout */
    struct gppc_point *out; /* the path handed to the kit, reused */
    size_t out_cap;
    GppcMmChange *changes;
    size_t changes_cap;
} DynData;

static int bit_at(struct gppc_patch p, size_t i) { return (p.bitarray[i >> 3] >> (i & 7)) & 1; }

static size_t map_bytes(struct gppc_patch map) { return ((size_t)map.width * map.height + 7) / 8; }

static uint8_t *unpack(struct gppc_patch map)
{
    size_t n = (size_t)map.width * map.height;
    uint8_t *cells = malloc(n ? n : 1);
    if (cells)
        for (size_t i = 0; i < n; i++)
            cells[i] = (uint8_t)bit_at(map, i);
    return cells;
}

/* Grows *buf to hold n items of `size` bytes; false (and stderr) when out of memory.
 * Not common/grow.h: a kit binding sees only the public API (api/gppc_mm.h). */
static int grow(void **buf, size_t *cap, size_t n, size_t size)
{
    if (n <= *cap)
        return 1;
    size_t c = *cap ? *cap : 256;
    while (c < n)
        c *= 2;
    void *p = realloc(*buf, c * size);
    if (!p) {
        fprintf(stderr, "%s: out of memory\n", GPPC_MM_SPEC);
        return 0;
    }
    *buf = p;
    *cap = c;
    return 1;
}

EXPORT void gppc_preprocess_init_map(struct gppc_patch init_map, const char *preprocess_filename)
{
    char err[512];
    uint8_t *cells = unpack(init_map);
    if (!cells || gppc_mm_preprocess(GPPC_MM_SPEC, cells, init_map.width, init_map.height, preprocess_filename, err,
                                     sizeof err) != 0)
        fprintf(stderr, "%s: gppc_preprocess_init_map: %s\n", GPPC_MM_SPEC, cells ? err : "out of memory");
    free(cells);
}

EXPORT void *gppc_search_init(struct gppc_patch active_map, const char *preprocess_filename)
{
    char err[512];
    DynData *d = calloc(1, sizeof *d);
    uint8_t *cells = d ? unpack(active_map) : NULL;
    if (!cells || !(d->known = malloc(map_bytes(active_map) + 1))) {
        fprintf(stderr, "%s: gppc_search_init: out of memory\n", GPPC_MM_SPEC);
        free(cells);
        free(d);
        return NULL;
    }
    memcpy(d->known, active_map.bitarray, map_bytes(active_map));
    d->map = active_map;
    d->mm =
        gppc_mm_create(GPPC_MM_SPEC, cells, active_map.width, active_map.height, preprocess_filename, err, sizeof err);
    free(cells);
    if (!d->mm) {
        fprintf(stderr, "%s: gppc_search_init: %s\n", GPPC_MM_SPEC, err);
        free(d->known);
        free(d);
        return NULL;
    }
    return d;
}

/* Up to 8 bytes from p as the bits of a little-endian word (the kit's
 * bit i is bit i % 8 of byte i / 8, so bit order is kept). */
static uint64_t load_bits(const uint8_t *p, size_t nbytes)
{
    uint64_t v = 0;
    for (size_t i = 0; i < nbytes; i++)
        v |= (uint64_t)p[i] << (8 * i);
    return v;
}

static void store_bits(uint8_t *p, size_t nbytes, uint64_t v)
{
    for (size_t i = 0; i < nbytes; i++)
        p[i] = (uint8_t)(v >> (8 * i));
}

/* The cells of bits [i0, i1) of row y (the row starting at bit `row`) that
 * differ from what the instance knows: they become changes, a run of
 * neighbours changing alike one change (grown across words and patches),
 * and are known from now on. Eight bytes at a time, so a patch costs its
 * area over 64 and its runs. False when out of memory. */
static int diff_span(DynData *d, size_t row, int y, size_t i0, size_t i1, size_t *n)
{
    size_t k = *n; /* local: the stores below could otherwise be *n's */
    for (size_t b = i0 >> 3, last_b = (i1 - 1) >> 3; b <= last_b; b += 8) {
        size_t nb = last_b - b + 1 < 8 ? last_b - b + 1 : 8, lo = b * 8, hi = lo + nb * 8; /* bits [lo, hi) */
        uint64_t mask = ~0ull;
        if (i0 > lo)
            mask &= ~0ull << (i0 - lo);
        if (i1 < hi)
            mask &= ~0ull >> (64 - (i1 - lo));
        uint64_t now = load_bits(&d->map.bitarray[b], nb), was = load_bits(&d->known[b], nb);
        uint64_t diff = (now ^ was) & mask;
        if (!diff)
            continue;
        store_bits(&d->known[b], nb, was ^ diff);
        int x0 = (int)(lo - row);
        while (diff) {
            int bit = __builtin_ctzll(diff);
            uint64_t to = now >> bit & 1, alike = (diff & (to ? now : ~now)) >> bit;
            int len = alike == ~0ull ? 64 : __builtin_ctzll(~alike); /* alike's low run of ones */
            diff &= len == 64 ? 0 : ~(((1ull << len) - 1) << bit);
            int x = x0 + bit;
            GppcMmChange *last = k ? &d->changes[k - 1] : NULL;
            if (last && last->y == y && last->passable == to && last->x + last->more + 1 == x)
                last->more = (uint16_t)(last->more + len);
            else {
                if (!grow((void **)&d->changes, &d->changes_cap, k + 1, sizeof *d->changes)) {
                    *n = k;
                    return 0;
                }
                d->changes[k++] = (GppcMmChange){(int16_t)x, (int16_t)y, (uint8_t)to, (uint16_t)(len - 1)};
            }
        }
    }
    *n = k;
    return 1;
}

/* The patches are already applied to the active map, so the new value of a
 * cell is read there (overlapping patches need no order); only cells that
 * differ from what the instance knows are passed on. */
EXPORT void gppc_map_change(void *data, const struct gppc_patch *changes, uint32_t changes_length)
{
    DynData *d = data;
    size_t n = 0, w = d->map.width, h = d->map.height;
    for (uint32_t k = 0; k < changes_length; k++) {
        struct gppc_patch p = changes[k];
        size_t x1 = (size_t)p.pos.x + p.width < w ? (size_t)p.pos.x + p.width : w;
        for (size_t y = p.pos.y; y < (size_t)p.pos.y + p.height && y < h && p.pos.x < x1; y++)
            if (!diff_span(d, y * w, (int)y, y * w + p.pos.x, y * w + x1, &n))
                return;
    }
    char err[512];
    if (n && gppc_mm_update(d->mm, d->changes, (int)n, err, sizeof err) != 0)
        fprintf(stderr, "%s: gppc_map_change: %s\n", GPPC_MM_SPEC, err);
}

/* The kit forbids an empty piece marked incomplete, so steps that add no
 * cell are taken within this call. */
EXPORT struct gppc_path gppc_get_path(void *data, struct gppc_point start, struct gppc_point goal)
{
    DynData *d = data;
    struct gppc_path r = {NULL, 0, 0};
    const GppcMmCell *cells;
    size_t n;
    int st;
    GppcMmCell s = {(int16_t)start.x, (int16_t)start.y}, g = {(int16_t)goal.x, (int16_t)goal.y};
    while ((st = gppc_mm_get_path(d->mm, s, g, &cells, &n)) == GPPC_MM_MORE && n == 0)
        ;
    if (st == GPPC_MM_ERROR) {
        fprintf(stderr, "%s: gppc_get_path: start (%u,%u) or goal (%u,%u) outside the map or blocked\n", GPPC_MM_SPEC,
                start.x, start.y, goal.x, goal.y);
        return r;
    }
    /* s == g: the kits' validators reject a one-point path and want [s, s]. */
    bool twice = st == GPPC_MM_DONE && n == 1 && start.x == goal.x && start.y == goal.y;
    if (!grow((void **)&d->out, &d->out_cap, n + twice, sizeof *d->out))
        return r;
    for (size_t i = 0; i < n; i++)
        d->out[i] = (struct gppc_point){(uint16_t)cells[i].x, (uint16_t)cells[i].y};
    if (twice)
        d->out[n++] = d->out[0];
    r.path = n ? d->out : NULL;
    r.length = (uint32_t)n;
    r.incomplete = st == GPPC_MM_MORE;
    return r;
}

EXPORT void gppc_free_data(void *data)
{
    DynData *d = data;
    if (!d)
        return;
    gppc_mm_free(d->mm);
    free(d->known);
    free(d->out);
    free(d->changes);
    free(d);
}

EXPORT const char *gppc_get_name(void) { return GPPC_MM_SPEC; }
