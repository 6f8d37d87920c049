/* The simple subgoal graph: subgoals, the direct-h-reachable scan and
 * linking (subgoal.h). */
#include <stdlib.h>
#include <string.h>

#include "../common/grow.h"
#include "subgoal.h"

/* The cardinal components of diagonal 4 + k (NE SE SW NW): N/S first, E/W second. */
static const int DIAG_PARTS[4][2] = {{0, 1}, {2, 1}, {2, 3}, {0, 3}};

size_t sub_scan_cap(const SubGraph *sg) { return 8 + 8 * ((size_t)sg->width + (size_t)sg->height); }

/* The free non-subgoal cells after p along cardinal d, at most `limit`:
 * clearances, a byte each, where 255 means "255 or more, go on from there". */
static inline int run_len(const SubGraph *sg, uint32_t p, int d, int limit)
{
    for (int k = 0;;) {
        int c = sg->clr[(size_t)p * 4 + (size_t)d];
        if (c < 255)
            return k + c < limit ? k + c : limit;
        k += 255;
        if (k >= limit)
            return limit;
        p += (uint32_t)(255 * sg->off[d]);
    }
}

/* Where `also` lies on the run of `len` cells after p along cardinal d:
 * its step (1..len), or 0. The run is free, so it stays inside one row or
 * column and a range test on the index suffices for rows. */
static inline int also_at(const SubGraph *sg, uint32_t p, int d, int len, uint32_t also)
{
    int64_t delta = (int64_t)also - (int64_t)p, step = sg->off[d];
    int64_t k = delta / step;
    return k >= 1 && k <= len && k * step == delta ? (int)k : 0;
}

size_t sub_scan(const SubGraph *sg, uint32_t origin, uint32_t also, uint32_t *out)
{
    const uint8_t *c = sg->cell;
    const int *off = sg->off;
    size_t n = 0;
    int clear[8]; /* free non-subgoal cells along each ray */
    for (int d = 0; d < 4; d++) {
        int k = run_len(sg, origin, d, INT32_MAX), ka = also != UINT32_MAX ? also_at(sg, origin, d, k, also) : 0;
        if (ka) {
            out[n++] = also;
            k = ka - 1;
        } else { /* written always, kept when a subgoal: no branch on the map's content */
            uint32_t q = origin + (uint32_t)((k + 1) * off[d]);
            out[n] = q;
            n += (c[q] & SUB_GOAL) != 0;
        }
        clear[d] = k;
    }
    for (int d = 4; d < 8; d++) {
        int oa = off[DIAG_PARTS[d - 4][0]], ob = off[DIAG_PARTS[d - 4][1]], k = 0;
        /* One exit test per step (a move p -> q that cuts a corner or is
         * blocked, or q a subgoal or `also`): the exit is the ray's one
         * unpredictable branch. */
        uint32_t p = origin, q = origin + (uint32_t)off[d];
        for (; (c[q] & c[p + (uint32_t)oa] & c[p + (uint32_t)ob] & SUB_FREE) && !(c[q] & SUB_GOAL) && q != also; k++) {
            p = q;
            q += (uint32_t)off[d];
        }
        out[n] = q;
        n += (c[q] & c[p + (uint32_t)oa] & c[p + (uint32_t)ob] & SUB_FREE) != 0;
        clear[d] = k;
    }
    /* The wedges: from the i-th cell of a diagonal ray, along one of its
     * cardinals, no further than the row before reached (the area behind a
     * blocked cell or a subgoal is not directly reachable, §3.3). Each row
     * is one clearance lookup. */
    for (int d = 4; d < 8; d++)
        for (int part = 0; part < 2; part++) {
            int cd = DIAG_PARTS[d - 4][part], reach = clear[cd];
            uint32_t p = origin;
            for (int i = 1; (i <= clear[d]) & (reach > 0); i++) {
                p += (uint32_t)off[d];
                int ext = run_len(sg, p, cd, reach), ka = also != UINT32_MAX ? also_at(sg, p, cd, ext, also) : 0;
                if (ka) {
                    out[n++] = also;
                    reach = ka - 1;
                    continue;
                }
                /* The row ends at a subgoal short of `reach`: kept without a
                 * branch (the cell after a full row is free, never one). */
                uint32_t q = p + (uint32_t)((ext + 1) * off[cd]);
                out[n] = q;
                n += (ext < reach) & ((c[q] & SUB_GOAL) != 0);
                reach = ext;
            }
        }
    return n;
}

/* The clearances of sub.h (run_len) from the cell marks. */
static void clearances(SubGraph *sg)
{
    size_t cells = (size_t)(sg->height + 2) * (size_t)sg->stride;
    for (int d = 0; d < 4; d++) {
        bool down = sg->off[d] > 0; /* the next cell comes later in memory: fill from the end */
        for (size_t k = 0; k < cells; k++) {
            size_t p = down ? cells - 1 - k : k;
            int64_t q = (int64_t)p + sg->off[d];
            uint8_t v = 0;
            if (q >= 0 && (size_t)q < cells && sg->cell[q] == SUB_FREE) {
                int next = sg->clr[(size_t)q * 4 + (size_t)d];
                v = (uint8_t)(next < 254 ? next + 1 : 255);
            }
            sg->clr[p * 4 + (size_t)d] = v;
        }
    }
}

static bool is_subgoal(const Grid *g, int x, int y)
{
    if (!grid_passable(g, x, y))
        return false;
    for (int d = 4; d < 8; d++) {
        int dx = GRID_DX[d], dy = GRID_DY[d];
        if (!grid_passable(g, x + dx, y + dy) && grid_passable(g, x + dx, y) && grid_passable(g, x, y + dy))
            return true;
    }
    return false;
}

/* The map copy, subgoal marks and rank structure; n and pos. */
bool sub_graph_mark(SubGraph *sg, const Grid *map, Err *err)
{
    memset(sg, 0, sizeof *sg);
    sg->width = map->width;
    sg->height = map->height;
    sg->stride = map->stride;
    for (int d = 0; d < 8; d++)
        sg->off[d] = grid_dir_offset(map, d);
    size_t cells = (size_t)(map->height + 2) * (size_t)map->stride, words = cells / 64 + 1;
    sg->cell = calloc(cells, 1);
    sg->clr = malloc(cells * 4);
    sg->bits = calloc(words, sizeof *sg->bits);
    sg->rank = calloc(words, sizeof *sg->rank);
    if (!sg->cell || !sg->clr || !sg->bits || !sg->rank)
        goto oom;
    for (int y = 0; y < map->height; y++)
        for (int x = 0; x < map->width; x++) {
            uint32_t i = (uint32_t)grid_index(map, x, y);
            sg->cell[i] = grid_passable(map, x, y) ? SUB_FREE : 0;
            if (is_subgoal(map, x, y)) {
                sg->cell[i] |= SUB_GOAL;
                sg->bits[i >> 6] |= 1ull << (i & 63);
                sg->n++;
            }
        }
    clearances(sg);
    for (size_t w = 0, total = 0; w < words; w++) {
        sg->rank[w] = (uint32_t)total;
        total += popcount64(sg->bits[w]);
    }
    sg->pos = malloc(((size_t)sg->n + 2) * sizeof *sg->pos);
    sg->first = calloc((size_t)sg->n + 1, sizeof *sg->first);
    if (!sg->pos || !sg->first)
        goto oom;
    uint32_t k = 0;
    for (int y = 0; y < map->height; y++)
        for (int x = 0; x < map->width; x++)
            if (sg->cell[grid_index(map, x, y)] & SUB_GOAL)
                sg->pos[k++] = (xyLoc){(int16_t)x, (int16_t)y};
    return true;
oom:
    sub_graph_free(sg);
    return err_set(err, "subgoals: out of memory for a %dx%d map", map->width, map->height);
}

bool sub_graph_link(SubGraph *sg, Err *err)
{
    sg->levels = 1;
    uint32_t *found = malloc(sub_scan_cap(sg) * sizeof *found);
    size_t cap = (size_t)sg->n * 4 + 16;
    sg->edge = malloc(cap * sizeof *sg->edge);
    bool ok = found && sg->edge;
    for (uint32_t v = 0; ok && v < sg->n; v++) {
        size_t k = sub_scan(sg, sub_cell(sg, sg->pos[v]), UINT32_MAX, found);
        ok = GROW(sg->edge, cap, (size_t)sg->m + k, 16);
        for (size_t i = 0; ok && i < k; i++)
            sg->edge[sg->m++] = sub_id(sg, found[i]);
        sg->first[v + 1] = sg->m;
    }
    free(found);
    if (!ok) {
        int w = sg->width, h = sg->height;
        sub_graph_free(sg);
        return err_set(err, "subgoals: out of memory linking the subgoals of a %dx%d map", w, h);
    }
    return true;
}

void sub_graph_free(SubGraph *sg)
{
    free(sg->cell);
    free(sg->clr);
    free(sg->bits);
    free(sg->rank);
    free(sg->pos);
    free(sg->first);
    free(sg->edge);
    free(sg->mid);
    memset(sg, 0, sizeof *sg);
}

size_t sub_graph_bytes(const SubGraph *sg)
{
    size_t cells = (size_t)(sg->height + 2) * (size_t)sg->stride, words = cells / 64 + 1;
    return cells * 5 + words * (sizeof *sg->bits + sizeof *sg->rank) + ((size_t)sg->n + 2) * sizeof *sg->pos +
           ((size_t)sg->n + 1) * sizeof *sg->first + (size_t)sg->m * sizeof *sg->edge +
           (sg->mid ? (size_t)sg->m * sizeof *sg->mid : 0);
}
