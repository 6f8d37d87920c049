/* leg.h: the one leg store format, shared by the runtime edge cache
 * (edge_cache.h, thesis §4.3) and the precomputed segments (segfile.h,
 * thesis §4.4). The cache floor stores and loads legs; it never plans them
 * (planning is refine/legplan.h).
 *
 * A leg is the cell path between the centers of two neighbouring regions a
 * and b (global ids, abstraction/index.h), every step one legal king move.
 *
 * Orientation (one symmetry rule): a leg is always planned, stored and
 * decoded from the center of the lower id to the center of the higher id,
 * its canonical orientation; leg_orient() is the one place it is turned
 * round for travel from the higher to the lower. Under LEGS_SYM one record
 * serves both directions of a pair; under LEGS_NOSYM each direction has its
 * own record (twice the memory, the thesis' "no symmetry" variant) holding
 * the same canonical cells. leg_key() says which record serves a -> b.
 *
 * Encoding (one codec): a leg is kept as its waypoints, consecutive ones
 * joined by lines (grid/line.h) whose cells are the leg's cells exactly: a
 * smoothed leg is a few lines, so a reader that wants waypoints (the
 * refiner's window) gets them without walking a cell, and one that wants
 * cells (leg_decode) rasterises them. A record in a little-endian bit
 * stream: the waypoint count k in a field of 2, 4, 8 or 16 bits, the
 * smallest it fits, after the 2 bits that say which (a cached leg has a
 * few waypoints: a 16-bit count was most of a short record). Neither end
 * is stored: the first waypoint is the lower region's center and the last
 * the higher's, which the reader knows (a maze's leg is one to four lines,
 * so the last offset was a third of its record or more). Where a waypoint
 * lies between them: the width w - 1 (4 bits), a bit saying whether the
 * lines turn between the two axes at every waypoint (a 1-wide corridor's
 * leg: then a bit saying whether the first line runs along y, and per
 * waypoint between one w-bit two's complement length along its line's
 * axis, the last line running on to the end), else per waypoint between
 * its offset from the one before as two w-bit two's complement numbers
 * (x, y). A record holds at most LEG_MAX_MOVES moves in all, so a decoded
 * leg is never longer. LEG_CODEC names this format in a file.
 *
 * Survival after a map change (one rule): leg_survives().
 *
 * LegBits owns its stream (leg_bits_free); the stream always has 8 bytes
 * of slack past its last record so the decoder may load 64-bit words (it
 * masks what it loads: bytes past the last record may be an emptied edge
 * cache's old ones, and the bits past it in its last byte are zero). */
#ifndef GPPC_CACHE_LEG_H
#define GPPC_CACHE_LEG_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "../abstraction/index.h"
#include "../grid/line.h"

typedef enum { LEGS_OFF = 0, LEGS_NOSYM = 1, LEGS_SYM = 2 } LegMode;

/* The record that serves the leg a -> b: (lo, hi) under LEGS_SYM, (a, b)
 * under LEGS_NOSYM. */
static inline void leg_key(LegMode mode, uint32_t a, uint32_t b, uint32_t *ka, uint32_t *kb)
{
    bool swap = mode == LEGS_SYM && a > b;
    *ka = swap ? b : a;
    *kb = swap ? a : b;
}

/* The center a leg between a and b is decoded from: the lower id's. */
static inline uint32_t leg_first(uint32_t a, uint32_t b) { return a < b ? a : b; }

/* Turns the canonical cells of the leg a -> b (as decoded or planned), or
 * its waypoints, into the order of travel from a to b (reversed waypoints
 * are the same path: a line is the same cells both ways, grid/line.h). */
void leg_orient(xyLoc *cells, size_t n, uint32_t a, uint32_t b);

/* The record format's number, kept with a stored stream (segfile.h): a
 * file of another format is refused, not misread. */
#define LEG_CODEC 3u

/* Most moves one record holds, and most waypoints. */
#define LEG_MAX_MOVES 0xffffu

typedef struct LegBits {
    uint8_t *p;
    uint64_t used; /* bits written */
    size_t cap;    /* bytes allocated */
} LegBits;

/* Appends the record of the leg whose waypoints are way[0..k) (k >= 1,
 * canonical order, way[0] the lower center and way[k - 1] the higher, each
 * consecutive pair joined by a line whose cells are the leg's, a repeated
 * waypoint a line of no move:
 * cells_to_waypoints with no grid makes such waypoints from cells) and sets
 * *at to its bit offset.
 * False, with the stream unchanged, when out of memory, when the leg has
 * more than LEG_MAX_MOVES moves or the record would end past bit `max_bits`
 * (a store's offsets are 32 bits). */
bool leg_put(LegBits *b, const xyLoc *way, size_t k, uint64_t max_bits, uint64_t *at);
/* The bits leg_put would append for way[0..k). */
uint64_t leg_way_bits(const xyLoc *way, size_t k);
/* The bytes the stream would grow by to take `more` bits more under
 * max_bits (0 where it has room): what leg_put of such a record allocates. */
size_t leg_grow_bytes(const LegBits *b, uint64_t more, uint64_t max_bits);
/* Appends a copy of the record at `from` and sets *at to the copy's bit
 * offset; false, the stream unchanged, where the copy would end past bit
 * max_bits or past the stream's buffer (it never grows it). The record
 * must lie wholly before the stream's end or wholly from max_bits' byte
 * on (no byte of it written over). */
bool leg_copy(LegBits *b, uint64_t from, uint64_t max_bits, uint64_t *at);
void leg_bits_free(LegBits *b);
/* The stream's buffer grown at once to the largest size its growth steps
 * reach within `bytes` (never shorter than it is), its new bytes written:
 * a store reserved so grows no more while legs are put until they outgrow
 * it, and then to the sizes it would have taken unreserved
 * (edge_cache_reserve). False, unchanged, when out of memory. */
bool leg_bits_reserve(LegBits *b, size_t bytes);
/* Bytes of the records written (the slack not counted). */
static inline size_t leg_bits_bytes(const LegBits *b) { return (size_t)((b->used + 7) / 8); }
/* Takes `bytes` bytes of a stream read from a file into a LegBits (adding
 * the slack); false when out of memory. */
bool leg_bits_adopt(LegBits *b, const uint8_t *bytes, size_t nbytes);

/* Bits of the record at `at` (its header read from the stream's 8 bytes of
 * slack when at is near its end: at must lie inside the stream). */
uint64_t leg_record_bits(const uint8_t *stream, uint64_t at);
/* Appends the waypoints of the record at `at` that follow `from` (the lower
 * region's center, not appended itself), in canonical order, the last
 * `to` (the higher region's center: the leg's own ends, as leg_put was
 * given them). */
void leg_decode_way(const uint8_t *stream, uint64_t at, xyLoc from, xyLoc to, xyPath *out);
/* The same leg as cells: appends the cells after `from`, canonical order. */
void leg_decode(const uint8_t *stream, uint64_t at, xyLoc from, xyLoc to, xyPath *out);
/* The one rule for which stored legs outlive a map change (Sturtevant 2007,
 * §"Dynamic Maps"). The leg between regions lo < hi of the old abstraction
 * (`old`, still alive), stored at `at`, survives when
 *  - neither end region's sector is touched: a touched sector is flood-filled
 *    again, so its regions are renumbered, a center may move and a freed
 *    cell may make the leg shorter; and
 *  - the leg passes through no touched sector: none of its cells, nor a
 *    corner cell its diagonal steps check (abs_leg_touches). Smoothing lets a
 *    leg leave its two sectors but never the bounding box of the two (lines
 *    between cells of a box stay in it, and so do their corners), so the leg
 *    is walked only when a touched sector lies in that box.
 * `scratch` is reused for the walk. */
bool leg_survives(const AbsIndex *old, const uint8_t *touched, uint32_t lo, uint32_t hi, const uint8_t *stream,
                  uint64_t at, xyPath *scratch);

#endif
