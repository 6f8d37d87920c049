/* legplan_corridor.c: the leg planner's corridor JPS (refine/legplan.h
 * legplan_enable_corridor_jps, legplan_corridor_jps_begin): its window made
 * and placed over a step's corridor, the corridor painted into it, and
 * the whole map's A* where the corridor holds no path. The planner's other
 * searches are legplan.c, and so is what ends a corridor search from
 * outside it (the window blanked again, a paused search dropped), which the
 * planner's marks and map changes call. */
#include <stdlib.h>
#include <string.h>

#include "legplan.h"

#include "../common/grow.h"

/* About what a w x h window's bits take (its rows and its columns, each
 * padded by a cell and a word): what its regrowth asks the gate for. */
static size_t window_bytes(int w, int h)
{
    return ((size_t)(h + 2) * (size_t)((w + 2) / 64 + 2) + (size_t)(w + 2) * (size_t)((h + 2) / 64 + 2)) * 8;
}

/* (Re)makes the painted copy as a blank w x h window (the JPS a search
 * paints), sharing the route JPS's node state where that is hashed; its
 * tracer and its owner's grow gate stay. */
static bool make_window(LegPlanner *lp, int w, int h, Err *err)
{
    const Tracer *tracer = lp->cjps->tracer;
    GrowGate gate = lp->cjps->gate;
    uint64_t expanded = lp->cjps->expanded; /* a count the refiner reads as it runs (refiner.c legs_expanded) */
    if (lp->have_cjps)
        jps_free(lp->cjps);
    Grid win;
    if (!grid_init_packed(&win, w, h, err))
        return lp->have_cjps = false;
    /* The window bounds what a search reaches; its owner may bound it
     * further (cjps_nodes, legplan_enable_corridor_jps). */
    lp->have_cjps = jps_init_bounded(lp->cjps, &win, false, lp->cjps_nodes ? lp->cjps_nodes : JPS_NODES_GROW, err);
    grid_free(&win);
    if (!lp->have_cjps)
        return false;
    lp->cjps->tracer = tracer;
    lp->cjps->gate = gate;
    lp->cjps->expanded = expanded;
    /* A route's JPS try ends before the corridor steps begin, and a
     * corridor search before the next query's try: one node state for
     * both (search/jps.h). */
    /* The window's fixed-point step costs are scaled to its size; its
     * searches run on the shared state with the map's (search/jps_open.h:
     * they come with the state), so set them alike first. */
    lp->cjps->open.k = lp->jps.open.k;
    lp->cjps->open.card = lp->jps.open.card;
    lp->cjps->open.diag = lp->jps.open.diag;
    /* Where the two cannot share (search/jps.h jps_share_nodes) the
     * corridor's keeps its own, which grows with what its searches reach. */
    (void)jps_share_nodes(lp->cjps, &lp->jps);
    return true;
}

bool legplan_enable_corridor_jps(LegPlanner *lp, int ahead, uint64_t nodes, Err *err)
{
    if (lp->have_cjps)
        return true;
    lp->cjps_nodes = nodes;
    if (!legplan_enable_jps(lp, 0, err)) /* only painted from, unless a route searches it */
        return false;
    /* A step paints the sectors of at most ahead + 2 regions of the path,
     * each in a sector beside the one before, and the sectors around them
     * (refine/corridor.c): at most 9 (ahead + 2) sectors listed, ahead + 4
     * across either way, the cells beside their corners (paint_corridor)
     * and its two ends inside; the window starts at them (placed at any
     * cell, the map's words are shifted into it: paint_lines). */
    const Abstraction *a = lp->abs;
    size_t list = 9 * ((size_t)ahead + 2);
    if (!GROW(lp->painted, lp->painted_cap, list < a->nsectors ? list : a->nsectors, 1))
        return err_set(err, "out of memory for corridor JPS");
    int span = (ahead + 4) * a->S;
    if (!lp->cjps) /* a try that ran out of memory may have taken it */
        lp->cjps = calloc(1, sizeof *lp->cjps);
    if (!lp->cjps)
        return err_set(err, "out of memory for corridor JPS");
    return make_window(lp, span < lp->grid->width ? span : lp->grid->width,
                       span < lp->grid->height ? span : lp->grid->height, err);
}

/* Words of a line's mask paint_lines builds at a time: a window up to 512
 * cells across in one piece. */
#define MASK_WORDS 8

/* The 64 bits from bit sh of word a on, b the next word: the window is
 * placed at any cell (place_window); placed at a whole word of the map's,
 * it took 63 more cells across either way, about twice its bits. */
static inline uint64_t shifted(uint64_t a, uint64_t b, int sh) { return sh ? a >> sh | b << (64 - sh) : a; }

/* Lines l0 .. l1 - 1 of the window's words lo .. hi (d: line l0's words,
 * `stride` words a line; m: their masks) from the tiles (transposed rows
 * l + 1): the map's bits sh on from word w + off. A tile is read for the
 * lines it holds at once, not once a line, and only for the cells the
 * mask takes from it: the tiles of the same map words, wherever the window
 * is placed. */
static void paint_tiled(BitTiles *t, uint64_t *d, size_t stride, int l0, int l1, int lo, int hi, int off, int sh,
                        const uint64_t *m)
{
    for (int w = lo; w <= hi; w++) {
        uint64_t mw = m[w - lo];
        for (int l = l0; l < l1;) {
            int r = l + 1, n = 64 - (r & 63) < l1 - l ? 64 - (r & 63) : l1 - l; /* the lines of r's tile */
            uint64_t *q = d + (size_t)(l - l0) * stride + w;
            const uint64_t *p = mw << sh ? bitrows_tiles_at(t, r >> 6, w + off) + (r & 63) : NULL;
            for (int i = 0; i < n; i++)
                q[(size_t)i * stride] = p ? p[i] >> sh & mw : 0;
            if (sh && mw >> (64 - sh)) {
                p = bitrows_tiles_at(t, r >> 6, w + off + 1) + (r & 63);
                for (int i = 0; i < n; i++)
                    q[(size_t)i * stride] |= p[i] << (64 - sh) & mw;
            }
            l += n;
        }
    }
}

/* The window's lines across the painted box (lp->cjps_lo .. cjps_hi): its
 * rows (cols: its transposed rows, the map's columns), painted from the
 * route JPS's where they cross the corridor's sectors. The cells of marked
 * sectors along a line are the same for a sector's S lines (a band): its
 * mask is built once for them, and those lines are written a whole word at
 * a time where the mask is not empty: the window is blank elsewhere
 * (legplan_blank_window), so the words that reach past the corridor hold
 * only blocked cells either way (each the map's bits from the window's
 * place on, shifted). A band written costs a unit of the call's work (its
 * lines, LEG_PAINT_LINES) and each tile its columns filled a tile's
 * (JPS_TILE_FILL_WORK): where the work runs out the painting stops after
 * the band, and the next call goes on from the band after it
 * (lp->paint_at: bands counted from the box's first). False then. */
static bool paint_lines(LegPlanner *lp, bool cols)
{
    const Abstraction *a = lp->abs;
    int S = a->S;
    /* along the lines: a (rows: x), across them: b */
    int a0 = cols ? lp->cjps_lo.y : lp->cjps_lo.x, a1 = cols ? lp->cjps_hi.y : lp->cjps_hi.x;
    int b0 = cols ? lp->cjps_lo.x : lp->cjps_lo.y, b1 = cols ? lp->cjps_hi.x : lp->cjps_hi.y;
    int ao = cols ? lp->cjps_oy : lp->cjps_ox, bo = cols ? lp->cjps_ox : lp->cjps_oy;
    int alen = cols ? lp->grid->height : lp->grid->width, off = ao >> 6, sh = ao & 63;
    BitRows *dst = cols ? &lp->cjps->cols : &lp->cjps->rows;
    const BitRows *src = cols ? &lp->jps.cols : &lp->jps.rows;
    BitTiles *tiles = cols && lp->jps.tiled ? &lp->jps.tiles : NULL; /* read through, filled: the same bits */
    int c0 = a0 - ao + 1, c1 = a1 - ao;                              /* the window's padded bits across the box */
    int at = 0;
    for (int w0 = c0 >> 6; w0 <= c1 >> 6; w0 += MASK_WORDS) {
        int w1 = (c1 >> 6) < w0 + MASK_WORDS - 1 ? c1 >> 6 : w0 + MASK_WORDS - 1;
        for (int bs = b0 / S; bs * S < b1; bs++, at++) {
            if (at < lp->paint_at)
                continue;
            uint64_t m[MASK_WORDS] = {0};
            int lo = w1 + 1, hi = w0 - 1; /* the mask's words that are not empty */
            for (int as = a0 / S; as * S < a1; as++) {
                if (lp->sector_mark[cols ? as * a->sw + bs : bs * a->sw + as] != lp->mark)
                    continue;
                int s0 = as * S - ao + 1, s1 = ((as + 1) * S < alen ? (as + 1) * S : alen) - ao;
                int from = (s0 >> 6) > w0 ? s0 >> 6 : w0, to = (s1 >> 6) < w1 ? s1 >> 6 : w1;
                for (int w = from; w <= to; w++)
                    m[w - w0] |= grid_bits_word_mask((size_t)w, (size_t)s0, (size_t)s1);
                lo = from < lo ? from : lo, hi = to > hi ? to : hi;
            }
            int l0 = bs * S > b0 ? bs * S : b0, l1 = (bs + 1) * S < b1 ? (bs + 1) * S : b1;
            if (lo > hi)
                continue;
            /* A band with a tile to fill costs several bands: it begins in
             * a call with work for one such, or in a call of its own. */
            if (!legplan_fits(lp, 1 + (size_t)(l1 - l0) / LEG_PAINT_LINES +
                                      (tiles ? JPS_TILE_FILL_WORK / LEG_JPS_WORK : 0))) {
                lp->paint_at = at;
                return false;
            }
            uint64_t *d = dst->bits + (size_t)(l0 - bo + 1) * dst->words - w0;
            /* Window word w is the map's bits sh on from word w + off: the
             * word w + off + 1 past the box's last is at most the one a
             * scan may read past its line (search/bitrows.h). */
            if (tiles) {
                uint64_t fills = tiles->fills;
                paint_tiled(tiles, d, (size_t)dst->words, l0, l1, lo, hi, off, sh, &m[lo - w0]);
                legplan_charge(lp, (tiles->fills - fills) * JPS_TILE_FILL_WORK / LEG_JPS_WORK);
            } else {
                for (int l = l0; l < l1; l++, d += dst->words) {
                    const uint64_t *s = bitrows_row(src, l + 1) + off;
                    for (int w = lo; w <= hi; w++)
                        d[w] = shifted(s[w], s[w + 1], sh) & m[w - w0];
                }
            }
            legplan_charge(lp, 1 + (size_t)(l1 - l0) / LEG_PAINT_LINES);
            if (lp->work == 0) {
                lp->paint_at = at + 1;
                return false;
            }
        }
    }
    lp->paint_at = 0;
    return true;
}

/* Map cell c, inside the painted box, into the window where it is passable
 * (its row and column bits; after paint_lines, which writes whole words). */
static void paint_cell(LegPlanner *lp, xyLoc c)
{
    if (!bitrows_get(&lp->jps.rows, c.y + 1, c.x + 1))
        return;
    bitrows_set_cell(&lp->cjps->rows, false, c.x - lp->cjps_ox, c.y - lp->cjps_oy, true);
    bitrows_set_cell(&lp->cjps->cols, true, c.x - lp->cjps_ox, c.y - lp->cjps_oy, true);
}

/* The corridor into the window placed over it (place_window): its
 * sectors' cells (paint_lines, rows then columns: false while it goes on in
 * the next call), its two ends, and, where two of its sectors touch only at
 * a corner, the two cells beside that corner: legplan_within's A* checks a
 * diagonal move's sides on the map, JPS on its painted copy, so without
 * them a corridor that turns through a sector corner would hold no path
 * for JPS (fallbacks to the whole map). */
static bool paint_corridor(LegPlanner *lp)
{
    if (!lp->paint_cols && !paint_lines(lp, false))
        return false;
    lp->paint_cols = true;
    if (!paint_lines(lp, true))
        return false;
    lp->paint_cols = false;
    const Abstraction *a = lp->abs;
    const uint8_t *mark = lp->sector_mark;
    for (size_t i = 0; i < lp->npainted; i++) {
        int sec = lp->painted[i], sx = sec % a->sw, sy = sec / a->sw;
        for (int d = 4; d < 8; d++) {
            int dx = GRID_DX[d], dy = GRID_DY[d], nx = sx + dx, ny = sy + dy;
            if (nx < 0 || ny < 0 || nx >= a->sw || ny >= a->sh || mark[ny * a->sw + nx] != lp->mark)
                continue;
            int x = dx > 0 ? nx * a->S - 1 : sx * a->S, y = dy > 0 ? ny * a->S - 1 : sy * a->S;
            if (mark[sy * a->sw + nx] != lp->mark) /* else painted with its sector */
                paint_cell(lp, (xyLoc){(int16_t)(x + dx), (int16_t)y});
            if (mark[ny * a->sw + sx] != lp->mark)
                paint_cell(lp, (xyLoc){(int16_t)x, (int16_t)(y + dy)});
        }
    }
    paint_cell(lp, lp->cjps_from);
    paint_cell(lp, lp->cjps_to);
    return true;
}

static LegResult corridor_wide(LegPlanner *lp, xyPath *out);
static LegResult wide_jps(LegPlanner *lp, xyPath *out);

/* The owner's tracer (set on cjps) names map cells: the window's events are
 * shifted back by its place. */
static void trace_shifted(void *sink, const TraceEvent *e)
{
    const LegPlanner *lp = sink;
    TraceEvent t = *e;
    t.cell.x = (int16_t)(t.cell.x + lp->cjps_ox), t.cell.y = (int16_t)(t.cell.y + lp->cjps_oy);
    t.parent.x = (int16_t)(t.parent.x + lp->cjps_ox), t.parent.y = (int16_t)(t.parent.y + lp->cjps_oy);
    lp->cjps_outer->emit(lp->cjps_outer->sink, &t);
}

/* Places the window over the corridor's sectors and its ends (their
 * bounding box, lp->cjps_lo .. cjps_hi), grown first where they span more
 * than it; false when memory for that ran out. */
static bool place_window(LegPlanner *lp, xyLoc from, xyLoc to)
{
    const Abstraction *a = lp->abs;
    int x0 = from.x < to.x ? from.x : to.x, x1 = (from.x > to.x ? from.x : to.x) + 1;
    int y0 = from.y < to.y ? from.y : to.y, y1 = (from.y > to.y ? from.y : to.y) + 1;
    for (size_t i = 0; i < lp->npainted; i++) {
        int sx = lp->painted[i] % a->sw * a->S, sy = lp->painted[i] / a->sw * a->S;
        x0 = sx < x0 ? sx : x0, y0 = sy < y0 ? sy : y0;
        x1 = sx + a->S > x1 ? sx + a->S : x1, y1 = sy + a->S > y1 ? sy + a->S : y1;
    }
    x1 = x1 < lp->grid->width ? x1 : lp->grid->width, y1 = y1 < lp->grid->height ? y1 : lp->grid->height;
    lp->cjps_lo = (xyLoc){(int16_t)x0, (int16_t)y0}, lp->cjps_hi = (xyLoc){(int16_t)x1, (int16_t)y1};
    int w = lp->cjps->grid.width, h = lp->cjps->grid.height;
    if (x1 - x0 > w || y1 - y0 > h) {
        int nw = x1 - x0 > w ? x1 - x0 : w, nh = y1 - y0 > h ? y1 - y0 : h;
        grow_gate_ask(&lp->cjps->gate, window_bytes(nw, nh) - window_bytes(w, h)); /* it grows whatever the answer */
        Err err;
        if (!make_window(lp, nw, nh, &err))
            return false;
    }
    lp->cjps_ox = x0, lp->cjps_oy = y0;
    const Tracer *t = lp->cjps->tracer;
    if (t && t != &lp->cjps_tracer) {
        lp->cjps_outer = t;
        lp->cjps_tracer = (Tracer){trace_shifted, lp, t->layer};
        lp->cjps->tracer = &lp->cjps_tracer;
    }
    return true;
}

LegResult legplan_corridor_jps_begin(LegPlanner *lp, xyLoc from, xyLoc to, xyPath *out)
{
    lp->cjps_from = from;
    lp->cjps_to = to;
    lp->last_expanded = 0;
    if (!lp->have_cjps || !place_window(lp, from, to)) /* no window: the whole map's A* */
        return corridor_wide(lp, out);
    lp->jps_before = lp->cjps->expanded;
    lp->cjps_stage = CJPS_PAINT;
    lp->paint_cols = false;
    lp->paint_at = 0;
    return legplan_corridor_jps_resume(lp, out);
}

LegResult legplan_corridor_jps_resume(LegPlanner *lp, xyPath *out)
{
    if (lp->cjps_stage == CJPS_WIDE) /* the whole map's A* (below) goes on */
        return legplan_resume(lp, out);
    if (lp->cjps_stage == CJPS_WIDE_JPS)
        return wide_jps(lp, out);
    if (lp->cjps_stage == CJPS_PAINT) {
        if (lp->work == 0 || !paint_corridor(lp))
            return LEG_PAUSED;
        xyLoc from = {(int16_t)(lp->cjps_from.x - lp->cjps_ox), (int16_t)(lp->cjps_from.y - lp->cjps_oy)};
        xyLoc to = {(int16_t)(lp->cjps_to.x - lp->cjps_ox), (int16_t)(lp->cjps_to.y - lp->cjps_oy)};
        jps_begin(lp->cjps, from, to, UINT64_MAX); /* false: not running, its run finds nothing */
        lp->cjps_out_at = out->len;
        lp->cjps_stage = CJPS_SEARCH;
    }
    if (lp->cjps_stage == CJPS_SEARCH) {
        JpsResult r = legplan_run_jps(lp, lp->cjps, out);
        if (r == JPS_PAUSED)
            return LEG_PAUSED;
        lp->cjps_found = r == JPS_FOUND;
        lp->cjps_capped = r == JPS_CAPPED && lp->cjps->failed && lp->cjps_nodes;
        for (size_t i = lp->cjps_out_at; lp->cjps_found && i < out->len; i++) /* the window's cells: the map's */
            out->cells[i] = (xyLoc){(int16_t)(out->cells[i].x + lp->cjps_ox), (int16_t)(out->cells[i].y + lp->cjps_oy)};
        lp->cjps_stage = CJPS_BLANK;
    }
    if (!legplan_fits(lp,
                      1 + legplan_box_lines(lp) / LEG_BLANK_LINES)) /* CJPS_BLANK: blank again before the step ends */
        return LEG_PAUSED;
    legplan_charge(lp, 1 + legplan_blank_window(lp) / LEG_BLANK_LINES);
    lp->cjps_stage = CJPS_IDLE;
    return lp->cjps_found ? LEG_FOUND : lp->cjps_capped ? LEG_CAPPED : corridor_wide(lp, out);
}

/* The whole map's A*, which pauses as the other legs' A* does. */
static LegResult wide_astar(LegPlanner *lp, xyPath *out)
{
    uint64_t spent = lp->last_expanded;
    LegResult res = legplan_corridor(lp, lp->cjps_from, lp->cjps_to, 0, false, 1.0, out);
    lp->spent = spent;
    lp->last_expanded += spent;
    lp->cjps_stage = res == LEG_PAUSED ? CJPS_WIDE : CJPS_IDLE;
    return res;
}

/* Goes on with the whole map's JPS (corridor_wide): its path, cell by
 * cell, or, where it ran past its cap, the whole map's A*. */
static LegResult wide_jps(LegPlanner *lp, xyPath *out)
{
    JpsResult r = legplan_run_jps(lp, &lp->jps, out);
    lp->last_expanded += lp->spent;
    if (r == JPS_PAUSED)
        return LEG_PAUSED;
    lp->jps.waypoints = true; /* the route's, as legplan_enable_jps set it */
    lp->cjps_stage = CJPS_IDLE;
    if (r == JPS_FOUND)
        return LEG_FOUND;
    if (r == JPS_NONE)
        return LEG_NONE;
    return wide_astar(lp, out);
}

/* Nothing in the corridor: the route's JPS over the whole map, within the
 * nodes its node state may hold (the route's bound, `jps=` expansions'
 * nodes: JPS_CAPPED past it), else A* over the whole map. Such a step's
 * path leaves its corridor, often far round: the A*'s pages for the cells
 * it reached were most of what the leg planner held on random maps (one
 * step of random512-40-1 took 115 KiB), where JPS reached no more nodes
 * than the corridors' searches hold already
 * (results/reference/mm-paper/randmem41.md). */
static LegResult corridor_wide(LegPlanner *lp, xyPath *out)
{
    lp->cjps_stage = CJPS_IDLE;
    lp->fallbacks++;
    if (!lp->have_jps)
        return wide_astar(lp, out);
    lp->spent = lp->last_expanded;
    lp->jps_before = lp->jps.expanded;
    if (!jps_begin(&lp->jps, lp->cjps_from, lp->cjps_to, UINT64_MAX))
        return LEG_NONE;       /* an end blocked */
    lp->jps.waypoints = false; /* a step keeps its cells up to a sector (refine/corridor.c) */
    lp->cjps_stage = CJPS_WIDE_JPS;
    return wide_jps(lp, out);
}

LegResult legplan_corridor_widen(LegPlanner *lp, xyPath *out) { return corridor_wide(lp, out); }

bool legplan_corridor_jps(LegPlanner *lp, xyLoc from, xyLoc to, xyPath *out)
{
    uint64_t work = lp->work;
    lp->work = UINT64_MAX;
    LegResult r = legplan_corridor_jps_begin(lp, from, to, out);
    lp->work = work;
    legplan_charge(lp, lp->last_expanded);
    return r == LEG_FOUND;
}
