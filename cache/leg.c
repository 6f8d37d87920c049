#include "leg.h"

#include <stdlib.h>
#include <string.h>

#define SLACK 8 /* bytes past the last record: room for one 64-bit load */

/* 64 bits from any byte address, little-endian whatever the host. */
static inline uint64_t load_le64(const uint8_t *p)
{
    uint64_t v;
    memcpy(&v, p, sizeof v);
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_BIG_ENDIAN__
    v = __builtin_bswap64(v);
#endif
    return v;
}

/* n <= 32 bits at bit offset `bit`. */
static inline uint32_t bits_at(const uint8_t *s, uint64_t bit, int n)
{
    return (uint32_t)(load_le64(s + (bit >> 3)) >> (bit & 7)) & (uint32_t)((1ull << n) - 1);
}

void leg_orient(xyLoc *cells, size_t n, uint32_t a, uint32_t b)
{
    if (a > b)
        cells_reverse(cells, n);
}

/* The stream's first buffer: a game map's edge cache holds a few hundred
 * legs of a few bytes each, so a larger first buffer would be most of the
 * cache on maps with few legs. */
#define FIRST_STREAM_BYTES 512u

/* Room for `more` bits: the buffer grows by half (what the edge cache
 * holds past its records is at most a third of them), but never past what
 * records of max_bits bits in all need (a capped store, edge_cache.h, then
 * fills its cap rather than stop at the largest growth below it). */
static bool reserve_bits(LegBits *b, uint64_t more, uint64_t max_bits)
{
    size_t need = (size_t)((b->used + more + 7) / 8) + SLACK;
    if (need <= b->cap)
        return true;
    size_t cap = b->cap ? b->cap : FIRST_STREAM_BYTES;
    while (cap < need)
        cap += cap / 2;
    if (max_bits / 8 < cap) {
        size_t most = (size_t)((max_bits + 7) / 8) + SLACK;
        cap = most < cap ? (most > need ? most : need) : cap;
    }
    uint8_t *p = realloc(b->p, cap);
    if (!p)
        return false;
    memset(p + b->cap, 0, cap - b->cap);
    b->p = p;
    b->cap = cap;
    return true;
}

/* Writes n <= 16 bits. A byte is written whole at its first bit, so the
 * bytes past `used` may hold anything (an emptied cache's old records). */
static void put_bits(LegBits *b, uint32_t v, int n)
{
    for (int done = 0; done < n;) {
        uint64_t byte = b->used >> 3;
        int shift = (int)(b->used & 7), take = 8 - shift < n - done ? 8 - shift : n - done;
        uint8_t bits = (uint8_t)(((v >> done) & ((1u << take) - 1)) << shift);
        b->p[byte] = shift ? (uint8_t)(b->p[byte] | bits) : bits;
        b->used += (uint64_t)take;
        done += take;
    }
}

/* Bits a signed offset needs in two's complement. */
static int width_of(int v)
{
    int w = 1;
    while (v < -(1 << (w - 1)) || v >= (1 << (w - 1)))
        w++;
    return w;
}

/* The offsets' width w of the record of way[0..k) and its moves. */
static int record_width(const xyLoc *way, size_t k, size_t *moves)
{
    int w = 1;
    *moves = 0;
    for (size_t i = 1; i < k; i++) {
        int dx = way[i].x - way[i - 1].x, dy = way[i].y - way[i - 1].y;
        int wx = width_of(dx), wy = width_of(dy);
        w = wx > w ? wx : w;
        w = wy > w ? wy : w;
        *moves += line_moves(way[i - 1], way[i]);
    }
    return w;
}

uint64_t leg_way_bits(const xyLoc *way, size_t k)
{
    size_t moves;
    return k < 1 ? 0 : LEG_HEAD_BITS + 2 * (uint64_t)record_width(way, k, &moves) * (k - 1);
}

bool leg_put(LegBits *b, const xyLoc *way, size_t k, uint64_t max_bits, uint64_t *at)
{
    if (k < 1 || k - 1 > LEG_MAX_MOVES)
        return false;
    size_t moves;
    int w = record_width(way, k, &moves);
    uint64_t bits = LEG_HEAD_BITS + 2 * (uint64_t)w * (k - 1);
    if (moves > LEG_MAX_MOVES || w > 16 || b->used + bits > max_bits || !reserve_bits(b, bits, max_bits))
        return false;
    *at = b->used;
    put_bits(b, (uint32_t)(k - 1), 16);
    put_bits(b, (uint32_t)(w - 1), 4);
    uint32_t mask = (uint32_t)((1ul << w) - 1);
    for (size_t i = 1; i < k; i++) {
        put_bits(b, (uint32_t)(way[i].x - way[i - 1].x) & mask, w);
        put_bits(b, (uint32_t)(way[i].y - way[i - 1].y) & mask, w);
    }
    return true;
}

void leg_bits_free(LegBits *b)
{
    free(b->p);
    memset(b, 0, sizeof *b);
}

bool leg_bits_adopt(LegBits *b, const uint8_t *bytes, size_t nbytes)
{
    memset(b, 0, sizeof *b);
    if (!reserve_bits(b, (uint64_t)nbytes * 8, UINT64_MAX))
        return false;
    memcpy(b->p, bytes, nbytes);
    b->used = (uint64_t)nbytes * 8;
    return true;
}

uint64_t leg_record_bits(const uint8_t *stream, uint64_t at)
{
    uint32_t k = bits_at(stream, at, 16), w = bits_at(stream, at + 16, 4) + 1;
    return LEG_HEAD_BITS + 2 * (uint64_t)w * k;
}

/* The waypoint after `cur` at `bit`: both offsets (w-bit two's complement)
 * from one load. */
static inline xyLoc next_way(const uint8_t *s, uint64_t bit, int w, xyLoc cur)
{
    uint32_t v = bits_at(s, bit, 2 * w), mask = (1u << w) - 1, sign = 1u << (w - 1);
    cur.x = (int16_t)(cur.x + ((int)((v & mask) ^ sign) - (int)sign));
    cur.y = (int16_t)(cur.y + ((int)(((v >> w) & mask) ^ sign) - (int)sign));
    return cur;
}

void leg_decode_way(const uint8_t *stream, uint64_t at, xyLoc from, xyPath *out)
{
    uint32_t k = bits_at(stream, at, 16);
    int w = (int)bits_at(stream, at + 16, 4) + 1;
    if (!k)
        return; /* no waypoint: cells may be NULL */
    path_reserve(out, k);
    xyLoc cur = from, *o = out->cells + out->len;
    uint64_t bit = at + LEG_HEAD_BITS;
    for (uint32_t i = 0; i < k; i++, bit += 2 * (uint64_t)w)
        o[i] = cur = next_way(stream, bit, w, cur);
    out->len += k;
}

void leg_decode(const uint8_t *stream, uint64_t at, xyLoc from, xyPath *out)
{
    /* Each line drawn as its waypoint is read (no waypoint array): a cached
     * leg's cells for a window without smoothing (refine/window.h), whose
     * legs on a 1-wide maze turn every two or three cells. */
    uint32_t k = bits_at(stream, at, 16);
    int w = (int)bits_at(stream, at + 16, 4) + 1;
    if (!k)
        return; /* no waypoint: cells may be NULL */
    /* A line's offsets fit w-bit two's complement: at most 2^(w-1) moves;
     * a record holds at most LEG_MAX_MOVES (leg_put, and the segment file's
     * check before it draws a record). */
    size_t most = (size_t)k << (w - 1);
    path_reserve(out, most < LEG_MAX_MOVES ? most : LEG_MAX_MOVES);
    xyLoc cur = from, *o = out->cells + out->len;
    uint64_t bit = at + LEG_HEAD_BITS;
    for (uint32_t i = 0; i < k; i++, bit += 2 * (uint64_t)w) {
        xyLoc next = next_way(stream, bit, w, cur);
        if (abs(next.x - cur.x) <= 1 && abs(next.y - cur.y) <= 1)
            *o++ = next; /* one move: an A* leg's turns */
        else
            o += line_cells(cur, next, o);
        cur = next;
    }
    out->len = (size_t)(o - out->cells);
}

/* Does a touched sector lie in the bounding box of sectors sa and sb? */
static bool touched_in_box(const Abstraction *a, const uint8_t *touched, int sa, int sb)
{
    int x0 = sa % a->sw, x1 = sb % a->sw, y0 = sa / a->sw, y1 = sb / a->sw;
    for (int y = y0 < y1 ? y0 : y1; y <= (y0 > y1 ? y0 : y1); y++)
        for (int x = x0 < x1 ? x0 : x1; x <= (x0 > x1 ? x0 : x1); x++)
            if (touched[y * a->sw + x])
                return true;
    return false;
}

bool leg_survives(const AbsIndex *old, const uint8_t *touched, uint32_t lo, uint32_t hi, const uint8_t *stream,
                  uint64_t at, xyPath *scratch)
{
    int sa = (int)abs_region_sector(old, lo), sb = (int)abs_region_sector(old, hi);
    if (touched[sa] || touched[sb])
        return false;
    if (!touched_in_box(old->abs, touched, sa, sb))
        return true;
    scratch->len = 0;
    path_push(scratch, abs_center(old, lo));
    leg_decode(stream, at, abs_center(old, lo), scratch);
    return !abs_leg_touches(old->abs, scratch->cells, scratch->len, touched);
}
