/* jps_node.h (search floor, private to search/jps*): what online JPS's
 * search (jps.c) and JPS+'s expansion (jps_plus.h) share: the directions
 * of unit steps, a node's parent field, and relaxing a successor on the
 * integer open list (jps_open.h). Not for any other file. */
#ifndef GPPC_SEARCH_JPS_NODE_H
#define GPPC_SEARCH_JPS_NODE_H

#include <stdlib.h>

#include "jps.h"

/* The direction (grid.h order) of the unit step (dx, dy), [dy + 1][dx + 1]. */
static const int8_t DIR_OF[3][3] = {{7, 0, 4}, {3, -1, 1}, {6, 2, 5}};

/* A node's parent field (jps_open.h) packs the parent's index in the node
 * state (jo_index: its cell per cell, below 2^28 as GRID_MAX_DIM^2 padded
 * cells fit; its slot, sparse, fewer slots than cells, jps_state.c) and the
 * direction of the last step into the cell (bits 28-31; 8 at the start).
 * By index, the path is read back without a lookup per node. */
#define PARENT_NODE ((1u << 28) - 1)
#define PARENT_DIR_SHIFT 28
/* A diagonal stop a sweep on packed bits without turn bits queued after
 * its row scan found no jump point (jps_sweep.h try_diagonal_in) keeps
 * its direction plus this (9-12): its expansion does not scan that row
 * again (jps.c expand_as). Written and read by that form alone. */
#define PARENT_ROW_DONE 5

/* A JPS that shares its node state (jps_share_nodes) takes it as a search
 * begins (jps_state.c); the other's begun search is given up. */
void jps_take_nodes(Jps *j);

/* g of the node at padded (x, y) with f `f` (jps_open.h: nodes keep no g). */
static inline uint64_t node_g_of(const Jps *j, int x, int y, uint64_t f)
{
    return f - jo_octile(&j->open, abs(j->gx - x), abs(j->gy - y));
}

/* A node's heuristic in parts, its diagonal steps and its straight ones
 * (each below 2^H_PART_BITS: GRID_MAX_DIM + 2 cells), kept where the node's
 * g is taken at its expansion (jps_run: f less this, no coordinates read):
 * an open node's in its item's aux (jps_open.h), a bypassed one's in its
 * pos, negative as a closed node's (bit 31 set). */
#define H_PART_BITS 14
#define H_PART_MASK ((1u << H_PART_BITS) - 1)
#define H_PART_CLOSED (1u << 31)
static inline uint32_t h_parts(int dx, int dy)
{
    int lo = dx < dy ? dx : dy, hi = dx < dy ? dy : dx;
    return (uint32_t)lo | (uint32_t)(hi - lo) << H_PART_BITS;
}
static inline uint64_t h_of_parts(const JpsOpen *o, uint32_t parts)
{
    return (uint64_t)(parts & H_PART_MASK) * o->diag + (uint64_t)(parts >> H_PART_BITS & H_PART_MASK) * o->card;
}

/* A traced event about the node at index idx (stamped in this search),
 * whose g is g: its parent is the node at the index in its parent field
 * unless it is the start. */
static __attribute__((noinline, cold)) void trace_node_g(const Jps *j, TraceType type, uint32_t idx, uint64_t g)
{
    const JpsOpen *o = &j->open;
    const JoNode *n = &o->node[idx], *p = &o->node[n->parent & PARENT_NODE];
    xyLoc cell = {(int16_t)(n->x - 1), (int16_t)(n->y - 1)};
    xyLoc parent = {(int16_t)(p->x - 1), (int16_t)(p->y - 1)};
    double unit = (double)o->card, h = (double)jo_octile(o, abs(j->gx - n->x), abs(j->gy - n->y));
    trace_emit(j->tracer, type, cell, n->parent >> PARENT_DIR_SHIFT == 8 ? NULL : &parent, (double)g / unit,
               ((double)g + h) / unit);
}

/* The same for a node the search has placed: its g 0 at the start, else
 * its key's f less its heuristic while open, the f being expanded less it
 * once closed (a node is closed as it is expanded or bypassed, with that f). */
static __attribute__((noinline, cold)) void trace_node(const Jps *j, TraceType type, uint32_t idx)
{
    const JoNode *n = &j->open.node[idx];
    uint64_t f = n->pos < 0 ? j->fcur_fixed : jo_open_f(&j->open, n);
    trace_node_g(j, type, idx, n->parent >> PARENT_DIR_SHIFT == 8 ? 0 : node_g_of(j, n->x, n->y, f));
}

/* relax_node's node already open in this search, its new f and g: a
 * shorter g takes the node over (a decrease of its key). A call: most
 * relaxations meet a node new to the search, and that common path runs in
 * fewer instructions without this one. */
static __attribute__((noinline)) void relax_open(Jps *j, JoNode *n, uint32_t idx, uint64_t f, uint64_t g,
                                                 uint32_t parts, int dir)
{
    JpsOpen *o = &j->open;
    if (f >= jo_open_f(o, n))
        return;
    n->parent = j->from_idx | (uint32_t)dir << PARENT_DIR_SHIFT;
    if (__builtin_expect(j->tracer != NULL, 0))
        trace_node_g(j, TRACE_GENERATING, idx, g);
    jo_decrease(o, idx, jo_key(o, f, g), parts);
}

/* relax on the integer open list (jps_open.h): exact costs, so the bypass
 * test is f == the f being expanded. `stop` (a constant where inlined): an
 * online diagonal stop (try_diagonal_in), which instead of taking the
 * bypass is closed and true returned, for the caller to generate its
 * successors at once. */
static inline __attribute__((always_inline)) bool relax_node(Jps *j, int px, int py, uint64_t cost, int dir, bool stop)
{
    JpsOpen *o = &j->open;
    uint32_t id = (uint32_t)(py * j->grid.stride + px);
    uint64_t g = j->from_g + cost;
    /* Sparse: a search that would take more nodes than the slots were
     * sized for, or fill the open list or the bypass stack (below), gives
     * up (bounded) or begins again with more (growing, jps_grow). Per cell
     * they hold every passable cell (node_cap: no bound, jps_state.c). */
    if (o->live >= j->node_cap) {
        j->failed = true;
        return false;
    }
    /* The node's index (jo_index) found once: the slot, sparse. Its
     * coordinates as one key (jo_xy), for the probe and one store below. */
    uint32_t xy = jo_xy(px, py);
    uint32_t idx = o->sparse ? jo_slot(o, xy) : id;
    JoNode *n = &o->node[idx];
    bool opened = n->stamp != o->stamp;
    if (!opened && n->pos < 0) /* closed */
        return false;
    /* Open, the node's f says whether g is shorter: the same heuristic on both sides. */
    int dx = abs(j->gx - px), dy = abs(j->gy - py);
    uint32_t parts = h_parts(dx, dy);
    uint64_t f = g + jo_octile(o, dx, dy);
    if (!opened) {
        relax_open(j, n, idx, f, g, parts, dir);
        return false;
    }
    o->live++;
    n->stamp = o->stamp;
    n->parent = j->from_idx | (uint32_t)dir << PARENT_DIR_SHIFT;
    n->xy = xy;
    if (__builtin_expect(j->tracer != NULL, 0))
        trace_node_g(j, TRACE_GENERATING, idx, g);
    if (f <= j->fcur_fixed) {
        n->pos = (int32_t)(parts | H_PART_CLOSED);
        if (stop)
            return true;
        if (__builtin_expect(j->nbypass == j->trace_cap, 0)) {
            j->failed = true;
            return false;
        }
        j->trace[j->nbypass++] = idx; /* as the open list: jps_run needs no lookup */
    } else {
        if (__builtin_expect(o->n == o->cap, 0)) {
            j->failed = true;
            return false;
        }
        jo_push(o, idx, jo_key(o, f, g), parts);
    }
    return false;
}
/* relax_node for a successor (JPS+'s, jps_plus.h, and online JPS's,
 * jps.c try_straight and jps_sweep.h): a call, as inlined in every copy of
 * the expansion the code outgrew the instruction cache, whose misses cost
 * more than the call's instructions. */
static void relax_plus(Jps *j, int px, int py, uint64_t cost, int dir) { relax_node(j, px, py, cost, dir, false); }

#endif
