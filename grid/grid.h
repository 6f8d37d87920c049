/* grid.h: the map as a padded grid of bytes or of bits, its move rules and
 * octile costs.
 *
 * Owns one of two forms, with a ring of blocked cells around the map so
 * searches test neighbours without bounds checks; cell (x, y) lives at index
 * (y + 1) * stride + (x + 1) in both:
 *  - bytes (`cells`, grid_init_blocked, grid_copy of bytes): (height + 2) x
 *    (width + 2) bytes, 1 = passable; stride = width + 2. Every entry's own
 *    searches read these.
 *  - packed (`bits`, grid_pack): one bit a cell, 1 = passable, each padded
 *    row a whole number of 64-bit words, so stride is a multiple of 64, and
 *    one zero word after the last row: exactly the layout of online JPS's
 *    bit rows (search/bitrows.h), which may then read the map itself
 *    instead of a copy. A scan reading one word past a row's end reads the
 *    next row's first, whose bit 0 is the blocked column -1 (a zero word a
 *    row, as the rows once kept, was a ninth of a 512-wide map's bytes).
 *    An eighth of the bytes, for a planner that keeps the map for long
 *    (mm); a cell test is a shift more.
 * grid_open_at reads either; a hot loop that must not pay for the test
 * takes `cells` or `bits` once (grid_cell_open).
 * Costs: a cardinal move costs 1, a diagonal move exactly sqrt(2) (GRID_SQRT2).
 * A diagonal move needs both cardinal cells beside it passable (no corner
 * cutting). grid_free() releases `cells` or `bits`; the Grid struct is the
 * caller's. */
#ifndef GPPC_GRID_GRID_H
#define GPPC_GRID_GRID_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "../common/err.h"
#include "path.h"

#define GRID_MAX_DIM 8192
#define GRID_SQRT2 1.4142135623730951

typedef struct Grid {
    int width, height;
    int stride;     /* cells per padded row: width + 2 (bytes), a multiple of 64 (packed) */
    uint8_t *cells; /* bytes; NULL when packed */
    uint64_t *bits; /* packed: bit i of the words is cell index i; NULL for bytes */
} Grid;

/* Directions 0..7: N, E, S, W (cardinal), NE, SE, SW, NW (diagonal); y grows
 * downwards (Moving AI: (0,0) is the upper-left corner). */
extern const int GRID_DX[8], GRID_DY[8];
#define GRID_DIR_IS_DIAGONAL(d) ((d) >= 4)

static inline int grid_index(const Grid *g, int x, int y) { return (y + 1) * g->stride + (x + 1); }
static inline int grid_index_x(const Grid *g, int idx) { return idx % g->stride - 1; }
static inline int grid_index_y(const Grid *g, int idx) { return idx / g->stride - 1; }
static inline bool grid_in_bounds(const Grid *g, int x, int y)
{
    return x >= 0 && y >= 0 && x < g->width && y < g->height;
}
/* Cell index i of packed bits (a loop that knows its grid is packed). */
static inline bool grid_bit_at(const uint64_t *bits, size_t i) { return bits[i >> 6] >> (i & 63) & 1; }
/* Cells i .. i + n - 1 of packed bits as bits 0 .. n - 1 (1 <= n <= 64),
 * from one word or two: the next word exists where the run straddles, as
 * cell i + n - 1 does. */
static inline uint64_t grid_bits_run(const uint64_t *bits, size_t i, int n)
{
    uint64_t word = bits[i >> 6] >> (i & 63);
    if ((i & 63) + (size_t)n > 64)
        word |= bits[(i >> 6) + 1] << (64 - (i & 63));
    return n < 64 ? word & ((1ull << n) - 1) : word;
}
/* The masks every span test and copy over packed bits takes its first and
 * last word with (grid_bits_span_open, search/bitrows.h's row copies): the
 * bits of i's word from bit index i up, and up to i. */
static inline uint64_t grid_bits_from(size_t i) { return ~0ull << (i & 63); }
static inline uint64_t grid_bits_upto(size_t i) { return ~0ull >> (63 - (i & 63)); }
/* The bits of word w that bit indices i0..i1 (inclusive) cover. */
static inline uint64_t grid_bits_word_mask(size_t w, size_t i0, size_t i1)
{
    return (w == i0 >> 6 ? grid_bits_from(i0) : ~0ull) & (w == i1 >> 6 ? grid_bits_upto(i1) : ~0ull);
}
/* Are packed cell indices i0..i1 (inclusive, i0 <= i1) all passable? A
 * word at a time: a row's run of cells is one masked test per word it
 * touches (grid_span_open, grid/line.c's row runs). */
static inline bool grid_bits_span_open(const uint64_t *bits, size_t i0, size_t i1)
{
    size_t w0 = i0 >> 6, w1 = i1 >> 6;
    uint64_t lo = grid_bits_from(i0), hi = grid_bits_upto(i1);
    if (w0 == w1)
        return (bits[w0] & (lo & hi)) == (lo & hi);
    if ((bits[w0] & lo) != lo || (bits[w1] & hi) != hi)
        return false;
    for (size_t w = w0 + 1; w < w1; w++)
        if (bits[w] != ~0ull)
            return false;
    return true;
}
/* Cell index i of a grid whose `cells` and `bits` the caller took once:
 * `packed` a constant where inlined, so a loop written once for both forms
 * tests neither form nor its pointer per cell (search/astar.c,
 * abstraction/build.c). */
static inline __attribute__((always_inline)) bool grid_cell_open(const uint8_t *cells, const uint64_t *bits, size_t i,
                                                                 bool packed)
{
    return packed ? grid_bit_at(bits, i) : cells[i];
}
/* Is cell index i (padding included) passable? Either form. */
static inline bool grid_open_at(const Grid *g, size_t i) { return g->cells ? g->cells[i] : grid_bit_at(g->bits, i); }
/* False outside the map. */
static inline bool grid_passable(const Grid *g, int x, int y)
{
    return grid_in_bounds(g, x, y) && grid_open_at(g, (size_t)grid_index(g, x, y));
}
/* Makes (x, y), inside the map, passable or blocked. Returns how the count
 * of passable cells changed: +1, 0 or -1 (for callers that keep the count). */
static inline int grid_set_passable(Grid *g, int x, int y, bool passable)
{
    size_t i = (size_t)grid_index(g, x, y);
    int before = grid_open_at(g, i);
    if (g->cells)
        g->cells[i] = passable ? 1 : 0;
    else if (passable)
        g->bits[i >> 6] |= 1ull << (i & 63);
    else
        g->bits[i >> 6] &= ~(1ull << (i & 63));
    return (int)passable - before;
}
/* Makes the n >= 1 cells from (x, y) eastwards, inside the map, passable
 * or blocked; a word at a time when packed. Returns how the count of
 * passable cells changed (for callers that keep the count): 0 when none
 * of them changed. */
int grid_set_run(Grid *g, int x, int y, int n, bool passable);
/* Are the w cells from (x0, y) eastwards, inside the map, all passable? */
bool grid_span_open(const Grid *g, int x0, int y, int w);
/* Is the one-step move from (x, y) in direction d legal? (x, y) must be passable
 * and in bounds or on the padding ring. */
bool grid_move_legal(const Grid *g, int x, int y, int dir);
/* The direction of (dx, dy), each -1, 0 or 1 (grid_dir_of, for a caller
 * that knows it is a step; (0, 0) gives -1). */
static inline int grid_dir_of_step(int dx, int dy)
{
    /* By (dx + 1) * 3 + (dy + 1): a lookup, not a scan of GRID_DX/DY (the
     * smoothing asks this for every cell of every leg, so a scan showed in
     * mm's profile). test_grid checks it against GRID_DX/DY. */
    static const int8_t DIR_OF[9] = {7, 3, 6, 0, -1, 2, 4, 1, 5};
    return DIR_OF[(dx + 1) * 3 + dy + 1];
}
/* The direction of the one-cell step (dx, dy), or -1 when it is no step. */
static inline int grid_dir_of(int dx, int dy)
{
    if (dx < -1 || dx > 1 || dy < -1 || dy > 1)
        return -1;
    return grid_dir_of_step(dx, dy);
}
/* Index offset of direction d on this grid. */
static inline int grid_dir_offset(const Grid *g, int dir) { return GRID_DY[dir] * g->stride + GRID_DX[dir]; }

static inline double grid_octile(int x0, int y0, int x1, int y1)
{
    int dx = x0 > x1 ? x0 - x1 : x1 - x0;
    int dy = y0 > y1 ? y0 - y1 : y1 - y0;
    int lo = dx < dy ? dx : dy, hi = dx < dy ? dy : dx;
    return (hi - lo) + lo * GRID_SQRT2;
}

/* A run of cells along one row of a dynamic map changing alike (paper
 * §"Dynamic Maps"): (x, y) .. (x + more, y), all inside the map. Changes
 * come as patches, so a run is passed whole: a word of bits at a time
 * where the reader can (grid_set_run), a cell at a time only where a
 * reader keeps per-cell state. A single cell is { x, y, passable }. */
typedef struct CellChange {
    int16_t x, y;
    bool passable; /* what the cells become */
    uint16_t more; /* the run's cells after (x, y), eastwards */
} CellChange;

/* The most cells a batch can open (each cell changed to passable opens at
 * most one): what an open list sized to the passable cells must grow by. */
static inline size_t changes_opening(const CellChange *c, int n)
{
    size_t k = 0;
    for (int i = 0; i < n; i++)
        k += c[i].passable ? (size_t)c[i].more + 1 : 0;
    return k;
}
/* Is c the cell right after run's last on its row, changing alike, with
 * room in the run for it? (Joining a batch's cells into runs.) */
static inline bool change_extends(const CellChange *run, CellChange c)
{
    return run->y == c.y && run->passable == c.passable && run->x + run->more + 1 == c.x && run->more < UINT16_MAX;
}
/* The cells a batch names (a cell named twice counted twice). */
static inline size_t changes_cells(const CellChange *c, int n)
{
    size_t k = 0;
    for (int i = 0; i < n; i++)
        k += (size_t)c[i].more + 1;
    return k;
}

/* Allocates a width x height grid of bytes with every cell blocked. */
bool grid_init_blocked(Grid *g, int width, int height, Err *err);
/* The same, packed. */
bool grid_init_packed(Grid *g, int width, int height, Err *err);
/* dst = src as packed bits (src in either form). */
bool grid_pack(Grid *dst, const Grid *src, Err *err);
/* Allocates the padded grid from row-major passable bits. False when out of
 * memory or the size is out of range. */
bool grid_from_bits(Grid *g, const bool *bits, int width, int height, Err *err);
/* Row-major passable bits (caller frees). */
bool *grid_to_bits(const Grid *g);
/* Reads a Moving AI .map file. Every malformed input gives "PATH:LINE: problem". */
bool grid_load_map(Grid *g, const char *path, Err *err);
/* dst = src, in src's form. */
bool grid_copy(Grid *dst, const Grid *src, Err *err);
void grid_free(Grid *g);

/* Checksum of the passable bits and the size, for preprocessing file headers
 * (the same for both forms). */
uint64_t grid_checksum(const Grid *g);
size_t grid_count_passable(const Grid *g);
/* Bytes the grid holds (its padded cells; packed, the zero word after them). */
static inline size_t grid_bytes(const Grid *g)
{
    size_t n = (size_t)(g->height + 2) * (size_t)g->stride;
    return g->cells ? n : g->bits ? n / 8 + sizeof *g->bits : 0;
}
/* The share of blocked cells whose four neighbours are all passable:
 * scattered obstacles (random maps: about (1 - density)^4) rather than walls
 * (rooms, mazes, game maps: near 0). Values per family: refine/mapkind.h. */
double grid_scattered(const Grid *g);

#endif
