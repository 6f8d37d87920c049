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

static bool reserve_bits(LegBits *b, uint64_t more)
{
    size_t need = (size_t)((b->used + more + 7) / 8) + SLACK;
    if (need <= b->cap)
        return true;
    size_t cap = b->cap ? b->cap : 4096;
    while (cap < need)
        cap *= 2;
    uint8_t *p = realloc(b->p, cap);
    if (!p)
        return false;
    memset(p + b->cap, 0, cap - b->cap);
    b->p = p;
    b->cap = cap;
    return true;
}

/* Writes n <= 16 bits; the bytes past `used` are zero (reserve_bits). */
static void put_bits(LegBits *b, uint32_t v, int n)
{
    for (int done = 0; done < n;) {
        uint64_t byte = b->used >> 3;
        int shift = (int)(b->used & 7), take = 8 - shift < n - done ? 8 - shift : n - done;
        b->p[byte] |= (uint8_t)(((v >> done) & ((1u << take) - 1)) << shift);
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

bool leg_put(LegBits *b, const xyLoc *way, size_t k, uint64_t max_bits, uint64_t *at)
{
    if (k < 1 || k - 1 > LEG_MAX_MOVES)
        return false;
    int w = 1;
    size_t moves = 0;
    for (size_t i = 1; i < k; i++) {
        int dx = way[i].x - way[i - 1].x, dy = way[i].y - way[i - 1].y;
        int wx = width_of(dx), wy = width_of(dy);
        w = wx > w ? wx : w;
        w = wy > w ? wy : w;
        moves += line_moves(way[i - 1], way[i]);
    }
    uint64_t bits = LEG_HEAD_BITS + 2 * (uint64_t)w * (k - 1);
    if (moves > LEG_MAX_MOVES || w > 16 || b->used + bits > max_bits || !reserve_bits(b, bits))
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
    if (!reserve_bits(b, (uint64_t)nbytes * 8))
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

/* A w-bit two's complement number at `bit`. */
static inline int signed_at(const uint8_t *s, uint64_t bit, int w)
{
    uint32_t v = bits_at(s, bit, w), sign = 1u << (w - 1);
    return (int)(v ^ sign) - (int)sign;
}

void leg_decode_way(const uint8_t *stream, uint64_t at, xyLoc from, xyPath *out)
{
    uint32_t k = bits_at(stream, at, 16);
    int w = (int)bits_at(stream, at + 16, 4) + 1;
    path_reserve(out, k);
    xyLoc cur = from, *o = out->cells + out->len;
    uint64_t bit = at + LEG_HEAD_BITS;
    for (uint32_t i = 0; i < k; i++, bit += 2 * (uint64_t)w) {
        cur.x = (int16_t)(cur.x + signed_at(stream, bit, w));
        cur.y = (int16_t)(cur.y + signed_at(stream, bit + (uint64_t)w, w));
        o[i] = cur;
    }
    out->len += k;
}

void leg_decode(const uint8_t *stream, uint64_t at, xyLoc from, xyPath *out)
{
    /* Decoded in place: the waypoints are moved past the room of the
     * cells, and the lines written from the front never reach a waypoint
     * not yet read (the cells before waypoint i number at most `moves`). */
    size_t base = out->len;
    leg_decode_way(stream, at, from, out);
    size_t k = out->len - base, moves = 0;
    xyLoc prev = from;
    for (size_t i = 0; i < k; i++) {
        moves += line_moves(prev, out->cells[base + i]);
        prev = out->cells[base + i];
    }
    out->len = base;
    path_reserve(out, moves + k);
    xyLoc *way = out->cells + base + moves, *o = out->cells + base;
    memmove(way, o, k * sizeof *way);
    prev = from;
    for (size_t i = 0; i < k; i++) {
        xyLoc next = way[i];
        o += line_cells(prev, next, o);
        prev = next;
    }
    out->len = base + moves;
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
    int sa = (int)old->region_sector[lo], sb = (int)old->region_sector[hi];
    if (touched[sa] || touched[sb])
        return false;
    if (!touched_in_box(old->abs, touched, sa, sb))
        return true;
    scratch->len = 0;
    path_push(scratch, old->center[lo]);
    leg_decode(stream, at, old->center[lo], scratch);
    return !abs_leg_touches(old->abs, scratch->cells, scratch->len, touched);
}
