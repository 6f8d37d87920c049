/* Optimized region centers (Sturtevant 2007, §"Optimizing Region Centers",
 * Fig. 8).
 *
 * A center placed at the centroid can sit behind a wall from a neighbour, and
 * then every refinement through that region pays a long search. The paper
 * moves each center to the region cell that minimises the largest number of
 * A* expansions needed to reach the centers of the neighbouring regions, and
 * repeats while centers move.
 *
 * The measured searches are the runtime's legs that end at a center:
 *  - the center-to-center leg (refine/legplan.h): A* from the lower global region
 *    id to the higher, confined to the two sectors;
 *  - the start legs, from any cell of a neighbouring region to this center
 *    (the first center of a path is skipped, thesis Fig. 3.7), and the goal
 *    legs, from this center to any cell of a neighbouring region. They are
 *    the largest searches of most queries, so the paper's measure alone
 *    (centers only) barely moves refine_max_p95. Each
 *    neighbour contributes its four extreme cells (leftmost, rightmost, top,
 *    bottom) as sample starts and goals, searched in the same two sectors;
 *    A* expands differently each way, so both directions count.
 * Candidates of a region, in order: its current center, every cell on a
 * lattice of the sector with a LATTICE-cell pitch, then a hill climb over the 8 cells
 * around the best so far. A candidate replaces the incumbent only when it is
 * strictly better on (largest, then total expansions), so a region whose
 * center cannot improve keeps it and open sectors stay "default" sectors.
 * Cost: about 40 candidates x (neighbours) short searches per region. */
#include <stdlib.h>
#include <string.h>

#include "../common/stamp.h"
#include "../search/astar.h"
#include "plain.h"

/* The lattice's pitch in cells: 16 candidates in a 16x16 sector, each
 * scored by a few short searches per neighbour. */
#define LATTICE 4
#define CLIMB_STEPS 8

typedef struct Optimizer {
    const Grid *g;
    const AbsPlain *p;
    uint8_t *center; /* p->center, written in place */
    const uint8_t *labels;
    int S, sw;
    AStar astar;
    uint8_t *sector_mark, mark;
    int *region_sector;
    int nbr[ABS_MAX_SECTOR * 8 * 4];         /* neighbour regions (global) of the region being optimised */
    xyLoc sample[ABS_MAX_SECTOR * 8 * 4][4]; /* their extreme cells */
    int nnbr;
} Optimizer;

typedef struct Score {
    uint64_t worst, total;
} Score;

static xyLoc cell_of(const Optimizer *o, int region, uint8_t local)
{
    int s = o->region_sector[region];
    return abs_center_cell((s % o->sw) * o->S, (s / o->sw) * o->S, local);
}

/* Expansions of the leg between region r (at cell c) and neighbour n's
 * center, or between `cell` (a cell of n) and c when cell.x >= 0: from the
 * cell when `to_c` (a start leg), else to it (a goal leg). */
static uint64_t leg_expansions(Optimizer *o, int r, xyLoc c, int n, xyLoc cell, bool to_c)
{
    uint8_t mark = stamp_next_byte(&o->mark, o->sector_mark, (size_t)o->p->nsectors);
    o->sector_mark[o->region_sector[r]] = mark;
    o->sector_mark[o->region_sector[n]] = mark;
    AStarLimits lim = {.weight = 1.0,
                       .block_mark = o->sector_mark,
                       .mark = mark,
                       .own_blocks = true}; /* the A*'s blocks are the sectors */
    xyLoc other = cell.x >= 0 ? cell : cell_of(o, n, o->center[n]);
    bool from_c = cell.x >= 0 ? !to_c : r < n;
    double len = from_c ? astar_distance(&o->astar, c, other, &lim) : astar_distance(&o->astar, other, c, &lim);
    /* An abstract edge always has a path in its two sectors; if not, the
     * candidate is simply the worst possible. */
    return len < 0 ? UINT32_MAX : o->astar.last_expanded;
}

static Score score_of(Optimizer *o, int r, xyLoc c)
{
    Score sc = {0, 0};
    for (int i = 0; i < o->nnbr; i++)
        for (int k = -1; k < 8; k++) {
            xyLoc cell = k < 0 ? (xyLoc){-1, -1} : o->sample[i][k % 4];
            uint64_t x = leg_expansions(o, r, c, o->nbr[i], cell, k < 4);
            sc.total += x;
            if (x > sc.worst)
                sc.worst = x;
        }
    return sc;
}

static bool better(Score a, Score b) { return a.worst < b.worst || (a.worst == b.worst && a.total < b.total); }

/* The leftmost, rightmost, topmost and bottommost cells (first in row-major
 * order on ties) of local region `local` in sector s. */
static void extreme_cells(const Optimizer *o, int s, int local, xyLoc out[4])
{
    int x0 = (s % o->sw) * o->S, y0 = (s / o->sw) * o->S;
    int x1 = x0 + o->S < o->g->width ? x0 + o->S : o->g->width;
    int y1 = y0 + o->S < o->g->height ? y0 + o->S : o->g->height;
    bool any = false;
    for (int y = y0; y < y1; y++)
        for (int x = x0; x < x1; x++) {
            if (o->labels[(size_t)y * o->g->width + x] != local)
                continue;
            xyLoc c = {(int16_t)x, (int16_t)y};
            if (!any) {
                out[0] = out[1] = out[2] = out[3] = c;
                any = true;
            }
            if (x < out[0].x)
                out[0] = c;
            if (x > out[1].x)
                out[1] = c;
            if (y > out[3].y)
                out[3] = c;
        }
}

/* Distinct neighbour regions of global region r, from its edges. */
static void collect_neighbours(Optimizer *o, int r)
{
    const AbsPlain *p = o->p;
    int s = o->region_sector[r];
    o->nnbr = 0;
    for (int e = p->edge_first[r]; e < p->edge_first[r + 1]; e++) {
        int d = p->edge_dir[e];
        int ns = s + GRID_DY[d] * o->sw + GRID_DX[d];
        int n = p->reg_first[ns] + p->edge_target[e];
        bool seen = false;
        for (int i = 0; i < o->nnbr && !seen; i++)
            seen = o->nbr[i] == n;
        if (!seen && o->nnbr < (int)(sizeof o->nbr / sizeof o->nbr[0])) {
            o->nbr[o->nnbr] = n;
            extreme_cells(o, ns, n - p->reg_first[ns], o->sample[o->nnbr]);
            o->nnbr++;
        }
    }
}

/* Is local cell (lx, ly) of r's sector a cell of region r? */
static bool in_region(const Optimizer *o, int r, int lx, int ly)
{
    int s = o->region_sector[r];
    int x0 = (s % o->sw) * o->S, y0 = (s / o->sw) * o->S;
    int x = x0 + lx, y = y0 + ly;
    if (lx < 0 || ly < 0 || lx >= o->S || ly >= o->S || x >= o->g->width || y >= o->g->height)
        return false;
    return o->labels[(size_t)y * o->g->width + x] == r - o->p->reg_first[s];
}

/* Moves r's center to its best candidate; true when it moved. */
static bool optimise_region(Optimizer *o, int r)
{
    collect_neighbours(o, r);
    if (o->nnbr == 0)
        return false;
    uint8_t best = o->center[r], start = best;
    Score best_sc = score_of(o, r, cell_of(o, r, best));
    for (int ly = LATTICE / 2; ly < o->S; ly += LATTICE)
        for (int lx = LATTICE / 2; lx < o->S; lx += LATTICE) {
            uint8_t c = (uint8_t)(ly << 4 | lx);
            if (c == start || !in_region(o, r, lx, ly))
                continue;
            Score sc = score_of(o, r, cell_of(o, r, c));
            if (better(sc, best_sc)) {
                best_sc = sc;
                best = c;
            }
        }
    for (int step = 0; step < CLIMB_STEPS; step++) {
        uint8_t from = best;
        for (int d = 0; d < 8; d++) {
            int lx = (from & 15) + GRID_DX[d], ly = (from >> 4) + GRID_DY[d];
            if (!in_region(o, r, lx, ly))
                continue;
            uint8_t c = (uint8_t)(ly << 4 | lx);
            Score sc = score_of(o, r, cell_of(o, r, c));
            if (better(sc, best_sc)) {
                best_sc = sc;
                best = c;
            }
        }
        if (best == from)
            break;
    }
    o->center[r] = best;
    return best != start;
}

int abs_optimize_centers(AbsPlain *p, const Grid *g, int S, const uint8_t *labels, const uint8_t *only, int max_passes,
                         Err *err)
{
    Optimizer o = {.g = g, .p = p, .center = p->center, .labels = labels, .S = S};
    o.sw = (g->width + S - 1) / S;
    o.sector_mark = calloc((size_t)p->nsectors + 1, sizeof *o.sector_mark);
    o.region_sector = malloc(((size_t)p->nregions + 1) * sizeof *o.region_sector);
    int passes = -1;
    if (!o.sector_mark || !o.region_sector || !astar_init_paged(&o.astar, g, S, err)) {
        err_set(err, "out of memory optimising region centers");
        goto done;
    }
    for (int s = 0; s < p->nsectors; s++)
        for (int r = p->reg_first[s]; r < p->reg_first[s + 1]; r++)
            o.region_sector[r] = s;
    for (passes = 0; passes < max_passes;) {
        int moved = 0;
        for (int r = 0; r < p->nregions; r++)
            if (!only || only[o.region_sector[r]])
                moved += optimise_region(&o, r);
        passes++;
        if (!moved)
            break;
    }
done:
    astar_free(&o.astar);
    free(o.sector_mark);
    free(o.region_sector);
    return passes;
}
