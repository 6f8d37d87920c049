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
static size_t cap_for(const LegBits *b, uint64_t more, uint64_t max_bits)
{
    size_t need = (size_t)((b->used + more + 7) / 8) + SLACK;
    if (need <= b->cap)
        return b->cap;
    size_t cap = b->cap ? b->cap : FIRST_STREAM_BYTES;
    while (cap < need)
        cap += cap / 2;
    if (max_bits / 8 < cap) {
        size_t most = (size_t)((max_bits + 7) / 8) + SLACK;
        cap = most < cap ? (most > need ? most : need) : cap;
    }
    return cap;
}

size_t leg_grow_bytes(const LegBits *b, uint64_t more, uint64_t max_bits)
{
    return cap_for(b, more, max_bits) - b->cap;
}

/* The buffer made `cap` long (never shorter), its new bytes written. */
static bool take_cap(LegBits *b, size_t cap)
{
    if (cap <= b->cap)
        return true;
    uint8_t *p = realloc(b->p, cap);
    if (!p)
        return false;
    memset(p + b->cap, 0, cap - b->cap);
    b->p = p;
    b->cap = cap;
    return true;
}

bool leg_bits_reserve(LegBits *b, size_t bytes)
{
    /* The most of the buffer's growth steps (cap_for's): a stream that
     * outgrows it takes the sizes it would have grown to without it. */
    size_t cap = b->cap ? b->cap : FIRST_STREAM_BYTES;
    while (cap + cap / 2 <= bytes)
        cap += cap / 2;
    return cap > bytes || take_cap(b, cap);
}

static bool reserve_bits(LegBits *b, uint64_t more, uint64_t max_bits)
{
    return take_cap(b, cap_for(b, more, max_bits));
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

/* How a record of way[0..k) is written: its stored offsets' width w, its
 * moves, whether its lines turn at every waypoint between the two axes (a
 * leg down a 1-wide corridor: each line then one w-bit length along the
 * axis not taken by the line before, its first axis y when first_y) and
 * its bits in all. Neither end is stored (leg.h): the width is that of the
 * offsets between, and the turns are the whole leg's (the last line's
 * axis is read from them). */
typedef struct RecordPlan {
    int w;
    bool turns, first_y;
    size_t moves;
    uint64_t bits;
} RecordPlan;

/* The header's count field: the waypoints after the first in 2, 4, 8 or 16
 * bits, its size class in the 2 bits before it (a cached leg has a few
 * waypoints). Then, where an offset is stored (a count of 2 or more),
 * w - 1 (4 bits), whether it turns (1 bit) and if so first_y (1 bit): a
 * straight leg is its 4-bit header alone. */
static inline int count_bits(int c) { return 2 << c; }

static int count_class(size_t n)
{
    int c = 0;
    while (c < 3 && n >> count_bits(c))
        c++;
    return c;
}

/* The offsets a record of `count` waypoints after the first stores: all
 * but the last, the higher region's center. */
static inline uint64_t stored_of(uint64_t count) { return count ? count - 1 : 0; }

static RecordPlan plan_record(const xyLoc *way, size_t k)
{
    RecordPlan r = {.w = 1, .turns = k > 1};
    for (size_t i = 1; i < k; i++) {
        int dx = way[i].x - way[i - 1].x, dy = way[i].y - way[i - 1].y;
        if (i + 1 < k) {
            int wx = width_of(dx), wy = width_of(dy);
            r.w = wx > r.w ? wx : r.w;
            r.w = wy > r.w ? wy : r.w;
        }
        r.moves += line_moves(way[i - 1], way[i]);
        bool on_y = dx == 0; /* this line's axis, if it has one */
        if (i == 1)
            r.first_y = on_y;
        /* the axes alternate: line i's is first_y's for odd i */
        r.turns = r.turns && (dx == 0) != (dy == 0) && on_y == (r.first_y != !(i & 1));
    }
    uint64_t n = stored_of(k ? k - 1 : 0), head = 2 + (uint64_t)count_bits(count_class(k ? k - 1 : 0));
    r.bits = head + (n ? 4 + 1 + (r.turns ? 1 + (uint64_t)r.w * n : 2 * (uint64_t)r.w * n) : 0);
    return r;
}

uint64_t leg_way_bits(const xyLoc *way, size_t k) { return k < 1 ? 0 : plan_record(way, k).bits; }

bool leg_put(LegBits *b, const xyLoc *way, size_t k, uint64_t max_bits, uint64_t *at)
{
    if (k < 1 || k - 1 > LEG_MAX_MOVES)
        return false;
    RecordPlan r = plan_record(way, k);
    int w = r.w;
    if (r.moves > LEG_MAX_MOVES || w > 16 || b->used + r.bits > max_bits || !reserve_bits(b, r.bits, max_bits))
        return false;
    *at = b->used;
    int c = count_class(k - 1);
    put_bits(b, (uint32_t)c, 2);
    put_bits(b, (uint32_t)(k - 1), count_bits(c));
    if (k < 3)
        return true; /* nothing between the two centers */
    put_bits(b, (uint32_t)(w - 1), 4);
    put_bits(b, r.turns, 1);
    if (r.turns)
        put_bits(b, r.first_y, 1);
    uint32_t mask = (uint32_t)((1ul << w) - 1);
    for (size_t i = 1; i + 1 < k; i++) {
        int dx = way[i].x - way[i - 1].x, dy = way[i].y - way[i - 1].y;
        if (r.turns) {
            put_bits(b, (uint32_t)(dx + dy) & mask, w); /* the other is 0 */
            continue;
        }
        put_bits(b, (uint32_t)dx & mask, w);
        put_bits(b, (uint32_t)dy & mask, w);
    }
    return true;
}

bool leg_copy(LegBits *b, uint64_t from, uint64_t max_bits, uint64_t *at)
{
    uint64_t bits = leg_record_bits(b->p, from);
    if (b->used + bits > max_bits || (b->used + bits + 7) / 8 + SLACK > b->cap)
        return false;
    *at = b->used;
    for (uint64_t done = 0; done < bits; done += 16) {
        int n = bits - done < 16 ? (int)(bits - done) : 16;
        put_bits(b, bits_at(b->p, from + done, n), n);
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

/* A record's header: its waypoints after the first, the offsets it
 * stores (all but the last), their width, whether it turns (RecordPlan)
 * and its first axis, the bit where its offsets begin and the bits each
 * takes. */
typedef struct LegHead {
    uint32_t k, stored;
    int w;
    bool turns, first_y;
    uint64_t body;
    int step;
} LegHead;

static inline LegHead read_head(const uint8_t *s, uint64_t at)
{
    uint32_t v = bits_at(s, at, 24);
    int n = count_bits((int)(v & 3));
    LegHead h = {.k = (v >> 2) & ((1u << n) - 1), .w = 1};
    h.stored = (uint32_t)stored_of(h.k);
    h.body = at + 2 + (uint64_t)n;
    if (!h.stored)
        return h; /* step 0: no offset */
    h.w = (int)((v >> (2 + n)) & 15) + 1;
    h.turns = (v >> (6 + n)) & 1;
    h.first_y = h.turns && ((v >> (7 + n)) & 1);
    h.body += 5 + (uint64_t)h.turns;
    h.step = h.turns ? h.w : 2 * h.w;
    return h;
}

uint64_t leg_record_bits(const uint8_t *stream, uint64_t at)
{
    LegHead h = read_head(stream, at);
    return h.body - at + (uint64_t)h.step * h.stored;
}

/* The w-bit two's complement number in v's low bits. */
static inline int signed_bits(uint32_t v, int w)
{
    uint32_t mask = (1u << w) - 1, sign = 1u << (w - 1);
    return (int)((v & mask) ^ sign) - (int)sign;
}

/* Waypoint i (from 1) after `cur`, at `bit`: both offsets from one load, or
 * a turning record's one length. Both decoders read a waypoint so. */
static inline xyLoc next_way(const uint8_t *s, uint64_t bit, const LegHead *h, uint32_t i, xyLoc cur)
{
    uint32_t v = bits_at(s, bit, h->step);
    int a = signed_bits(v, h->w);
    if (h->turns) {
        if (h->first_y != !(i & 1))
            cur.y = (int16_t)(cur.y + a);
        else
            cur.x = (int16_t)(cur.x + a);
        return cur;
    }
    cur.x = (int16_t)(cur.x + a);
    cur.y = (int16_t)(cur.y + signed_bits(v >> h->w, h->w));
    return cur;
}

void leg_decode_way(const uint8_t *stream, uint64_t at, xyLoc from, xyLoc to, xyPath *out)
{
    LegHead h = read_head(stream, at);
    if (!h.k)
        return; /* no waypoint: cells may be NULL */
    path_reserve(out, h.k);
    xyLoc cur = from, *o = out->cells + out->len;
    uint64_t bit = h.body;
    for (uint32_t i = 0; i < h.stored; i++, bit += (uint64_t)h.step)
        o[i] = cur = next_way(stream, bit, &h, i + 1, cur);
    o[h.stored] = to;
    out->len += h.k;
}

/* Room in out for the last line's `moves` cells, o its next cell (moved
 * with the buffer where it grows). */
static inline xyLoc *last_line(xyPath *out, xyLoc *o, size_t moves)
{
    size_t len = (size_t)(o - out->cells);
    if (len + moves <= out->cap)
        return o;
    out->len = len;
    path_reserve(out, moves);
    return out->cells + len;
}

/* A run of |a| moves along one axis from the packed cell *pos (leg_decode's
 * 1-wide corridor's lines), its cells into o; returns the next cell. */
static inline xyLoc *axis_run(uint32_t *pos, int a, bool on_y, xyLoc *o)
{
    uint32_t step = a < 0 ? (on_y ? 0u - 0x10000u : 0u - 1u) : (on_y ? 0x10000u : 1u), p = *pos;
    for (int m = a < 0 ? -a : a; m > 0; m--) {
        p += step;
        *o++ = (xyLoc){(int16_t)(p & 0xffff), (int16_t)(p >> 16)};
    }
    *pos = p;
    return o;
}

/* The line from cur to next drawn into o; returns the next cell. */
static inline xyLoc *any_line(xyLoc cur, xyLoc next, xyLoc *o)
{
    if (abs(next.x - cur.x) <= 1 && abs(next.y - cur.y) <= 1) {
        *o = next; /* one move: an A* leg's turns */
        return o + 1;
    }
    return o + line_cells(cur, next, o);
}

void leg_decode(const uint8_t *stream, uint64_t at, xyLoc from, xyLoc to, xyPath *out)
{
    /* Each line drawn as its waypoint is read (no waypoint array): a cached
     * leg's cells for a window without smoothing (refine/window.h), whose
     * legs on a 1-wide maze turn every two or three cells. */
    LegHead h = read_head(stream, at);
    uint32_t k = h.stored;
    int w = h.w;
    if (!h.k)
        return; /* no waypoint: cells may be NULL */
    /* A stored line's offsets fit w-bit two's complement: at most 2^(w-1)
     * moves; the last line's are known once its start is (last_line); a
     * record holds at most LEG_MAX_MOVES (leg_put, and the segment file's
     * check before it draws a record). */
    size_t most = (size_t)k << (w - 1);
    path_reserve(out, (most < LEG_MAX_MOVES ? most : LEG_MAX_MOVES) + 1); /* + 1: never a null buffer */
    xyLoc cur = from, *o = out->cells + out->len;
    uint64_t bit = h.body;
    if (h.turns) {
        /* A 1-wide corridor's leg: each line one axis's run, the axes
         * alternating from first_y (next_way's rule), so a waypoint is its
         * signed length alone. The cell is kept packed, x in the low 16
         * bits and y in the high, and a move is one add of +-1 or +-2^16
         * (x and y are never negative on the map, so x - 1 borrows nothing
         * from y): a narrow maze's path is drawn a few cells a line, most of
         * a cached leg's cost where every query's path is thousands of them.
         * The last run's length is what is left to `to` along its axis. */
        uint32_t pos = (uint32_t)(uint16_t)cur.x | (uint32_t)(uint16_t)cur.y << 16;
        bool on_y = h.first_y;
        for (uint32_t i = 0; i < k; i++, bit += (uint64_t)h.step, on_y = !on_y)
            o = axis_run(&pos, signed_bits(bits_at(stream, bit, h.w), h.w), on_y, o);
        int a = on_y ? to.y - (int)(pos >> 16) : to.x - (int)(pos & 0xffff);
        o = axis_run(&pos, a, on_y, last_line(out, o, (size_t)abs(a)));
        out->len = (size_t)(o - out->cells);
        return;
    }
    for (uint32_t i = 0; i < k; i++, bit += (uint64_t)h.step) {
        xyLoc next = next_way(stream, bit, &h, i + 1, cur);
        o = any_line(cur, next, o);
        cur = next;
    }
    o = any_line(cur, to, last_line(out, o, line_moves(cur, to)));
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
    leg_decode(stream, at, abs_center(old, lo), abs_center(old, hi), scratch);
    return !abs_leg_touches(old->abs, scratch->cells, scratch->len, touched);
}
