/* entries/ch: a loaded hierarchy checked against the map (ch.h,
 * ch_check_graph). The checksum guards against accidents only (anyone can
 * recompute it), so every field is checked: each edge is a legal move, a
 * subgoal pair whose shape walks, or a shortcut whose halves add up, all
 * pointing upward; and the base graph is complete. An edge taken away or
 * moved to another node that is also a legal target leaves every edge
 * legal, yet a query then misses the path the edge stood for and returns a
 * longer one; so every move of the grid (graph=grid), or every direct pair
 * of the map's subgoal graph (graph=subgoal, found again by the scan), must
 * be an edge at its lower-ranked end. What shortcuts a hierarchy needs is
 * decided by its contraction, which the check does not repeat. */
#include <stdlib.h>

#include "ch.h"

/* Is shortcut record s consistent with edge e (stored at `low`, to `high`)? */
static bool shortcut_ok(const ChGraph *g, uint32_t low, uint32_t e, const ChShortcut *s)
{
    uint32_t high = g->edge[e].target, m = s->mid;
    if (m >= g->n || g->rank[m] >= g->rank[low] || s->low >= g->m || s->high >= g->m)
        return false;
    bool at_mid =
        g->first[m] <= s->low && s->low < g->first[m + 1] && g->first[m] <= s->high && s->high < g->first[m + 1];
    return at_mid && g->edge[s->low].target == low && g->edge[s->high].target == high &&
           g->edge[s->low].cost + g->edge[s->high].cost == g->edge[e].cost;
}

/* Every legal move between two nodes is an original edge of the lower-ranked
 * one. Runs after the edges were checked: an original edge is a legal move
 * to an existing node. */
static bool moves_present(const ChGraph *g, const Grid *grid, const int32_t *node_of, const char *file, Err *err)
{
    for (uint32_t v = 0; v < g->n; v++) {
        unsigned have = 0; /* bit d: v's original edges take move d */
        for (uint32_t e = g->first[v]; e < g->first[v + 1]; e++)
            for (int d = 0; d < 8 && g->edge[e].aux == CH_ORIGINAL; d++)
                if ((int)g->cell[v] + grid_dir_offset(grid, d) == (int)g->cell[g->edge[e].target])
                    have |= 1u << d;
        int x = grid_index_x(grid, (int)g->cell[v]), y = grid_index_y(grid, (int)g->cell[v]);
        for (int d = 0; d < 8; d++) {
            if (!grid_move_legal(grid, x, y, d))
                continue;
            int32_t w = node_of[(int)g->cell[v] + grid_dir_offset(grid, d)];
            if (w >= 0 && g->rank[v] < g->rank[w] && !(have >> d & 1))
                return err_set(err, "%s: the move from (%d, %d) in direction %d is missing", file, x, y, d);
        }
    }
    return true;
}

/* Is there a subgoal-pair edge (CH_SC_DIRECT) between nodes a and b, stored
 * at the lower-ranked one? */
static bool direct_edge(const ChGraph *g, uint32_t a, uint32_t b)
{
    uint32_t lo = g->rank[a] < g->rank[b] ? a : b, hi = lo == a ? b : a;
    for (uint32_t e = g->first[lo]; e < g->first[lo + 1]; e++)
        if (g->edge[e].target == hi && g->edge[e].aux != CH_ORIGINAL && CH_SC_INDEX(g->edge[e].aux) == CH_SC_DIRECT)
            return true;
    return false;
}

/* Every direct pair of the map's subgoal graph is an edge. */
static bool subgoal_edges_present(const ChGraph *g, const Grid *grid, const int32_t *node_of, const char *file,
                                  Err *err)
{
    SubGraph sg;
    if (!sub_graph_mark(&sg, grid, err) || !sub_graph_link(&sg, err))
        return false;
    bool ok = true;
    for (uint32_t u = 0; u < sg.n && ok; u++)
        for (uint32_t k = sg.first[u]; k < sg.first[u + 1] && ok; k++) {
            int32_t a = node_of[sub_cell(&sg, sg.pos[u])], b = node_of[sub_cell(&sg, sg.pos[sg.edge[k]])];
            if (a < 0 || b < 0 || a == b || !direct_edge(g, (uint32_t)a, (uint32_t)b))
                ok = err_set(err, "%s: the subgoal pair (%d, %d) - (%d, %d) is missing", file, sg.pos[u].x, sg.pos[u].y,
                             sg.pos[sg.edge[k]].x, sg.pos[sg.edge[k]].y);
        }
    sub_graph_free(&sg);
    return ok;
}

bool ch_check_graph(const ChGraph *g, const Grid *grid, const int32_t *node_of, bool subgoal, const char *file,
                    Err *err)
{
    size_t cells = (size_t)(grid->height + 2) * grid->stride;
    /* Ranks are a permutation: the hub labels index nodes by rank. */
    bool *ranked = calloc((size_t)g->n + 1, sizeof *ranked);
    if (!ranked)
        return err_set(err, "%s: out of memory checking the ranks", file);
    for (uint32_t v = 0; v < g->n; v++)
        if (g->cell[v] >= cells || node_of[g->cell[v]] != (int32_t)v || g->first[v] > g->first[v + 1] ||
            g->rank[v] >= g->n || ranked[g->rank[v]]) {
            free(ranked);
            return err_set(err, "%s: node %u does not match the map (cell, edges or rank)", file, v);
        } else {
            ranked[g->rank[v]] = true;
        }
    free(ranked);
    if (g->first[g->n] != g->m)
        return err_set(err, "%s: edge count differs", file);
    for (uint32_t v = 0; v < g->n; v++)
        for (uint32_t e = g->first[v]; e < g->first[v + 1]; e++) {
            uint32_t w = g->edge[e].target, aux = g->edge[e].aux;
            /* Upward: targets rank higher. */
            if (w >= g->n || g->rank[w] <= g->rank[v] || g->edge[e].cost == 0)
                return err_set(err, "%s: edge %u out of range or not upward", file, e);
            if (aux != CH_ORIGINAL && CH_SC_INDEX(aux) == CH_SC_DIRECT) { /* a subgoal pair: its shape walks */
                if (g->edge[e].cost != ch_octile(grid, g->cell[v], g->cell[w]) ||
                    !ch_shape_walks(grid, ch_xy(grid, g->cell[v]), ch_xy(grid, g->cell[w]), (int)CH_SC_SHAPE(aux)))
                    return err_set(err, "%s: edge %u does not walk its shape", file, e);
                continue;
            }
            if (aux != CH_ORIGINAL) {
                int shape = (int)CH_SC_SHAPE(aux);
                if (CH_SC_INDEX(aux) >= g->shortcuts || !shortcut_ok(g, v, e, &g->sc[CH_SC_INDEX(aux)]) ||
                    (shape != CH_SHAPE_NONE &&
                     (g->edge[e].cost != ch_octile(grid, g->cell[v], g->cell[w]) ||
                      !ch_shape_walks(grid, ch_xy(grid, g->cell[v]), ch_xy(grid, g->cell[w]), shape))))
                    return err_set(err, "%s: shortcut %u does not match its halves or its shape", file, e);
                continue;
            }
            int dx = (int)(g->cell[w] % (uint32_t)grid->stride) - (int)(g->cell[v] % (uint32_t)grid->stride);
            int dy = (int)(g->cell[w] / (uint32_t)grid->stride) - (int)(g->cell[v] / (uint32_t)grid->stride);
            int d = grid_dir_of(dx, dy);
            int x = grid_index_x(grid, (int)g->cell[v]), y = grid_index_y(grid, (int)g->cell[v]);
            if (d < 0 || !grid_move_legal(grid, x, y, d) ||
                g->edge[e].cost != (GRID_DIR_IS_DIAGONAL(d) ? CH_DIAG : CH_CARD))
                return err_set(err, "%s: edge %u is not a legal move", file, e);
        }
    return subgoal ? subgoal_edges_present(g, grid, node_of, file, err) : moves_present(g, grid, node_of, file, err);
}
