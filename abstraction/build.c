/* Building the MM abstraction (paper §"Abstraction"; thesis §3.1.1): regions
 * are the 4-connected parts of each sector (found as runs of open cells joined
 * row to row, what a flood fill finds), centers nearest the centroid, edges
 * from every legal move that crosses a sector border. */
#include <stdlib.h>
#include <string.h>

#include "plain.h"

/* Is every cell of the sector passable? Such a sector (an open map is made
 * of them) is one region whose cells need no search. */
static bool sector_all_open(const Grid *g, int x0, int y0, int w, int h)
{
    for (int y = y0; y < y0 + h; y++)
        if (!grid_span_open(g, x0, y, w))
            return false;
    return true;
}

int abs_fill_sector(const Grid *g, int x0, int y0, int w, int h, uint8_t *labels, Growable *centers)
{
    if (sector_all_open(g, x0, y0, w, h)) {
        /* Region 0; the centroid is ((w - 1) / 2, (h - 1) / 2) in halves, and
         * of the cells nearest it the first in row-major order (the rule
         * below) is the one with both coordinates rounded down. */
        for (int y = y0; y < y0 + h; y++)
            memset(&labels[(size_t)y * g->width + x0], 0, (size_t)w);
        if (!abs_grow(centers, centers->n + 1))
            return -1;
        ((uint8_t *)centers->p)[centers->n++] = (uint8_t)(((h - 1) / 2) << 4 | (w - 1) / 2);
        return 1;
    }
    /* Regions as runs of passable cells, row by row, joined to the runs
     * they touch in the row above (4-connectivity: their columns overlap)
     * by union-find whose root is a component's first run in row-major
     * order; so regions are numbered by their first cell, as a scan that
     * flood-fills from each unlabelled cell numbers them. */
    enum { MAX_RUNS = ABS_MAX_SECTOR * ((ABS_MAX_SECTOR + 1) / 2) };
    uint8_t run_x0[MAX_RUNS], run_x1[MAX_RUNS], run_y[MAX_RUNS], run_reg[MAX_RUNS];
    uint8_t up[MAX_RUNS];
    int nruns = 0, above = 0, above_end = 0;
    for (int ly = 0; ly < h; ly++) {
        size_t row = (size_t)grid_index(g, x0, y0 + ly);
        int first = nruns, p = above;
        for (int lx = 0; lx < w;) {
            if (!grid_open_at(g, row + (size_t)lx)) {
                lx++;
                continue;
            }
            int a = lx;
            while (lx < w && grid_open_at(g, row + (size_t)lx))
                lx++;
            int r = nruns++;
            run_x0[r] = (uint8_t)a;
            run_x1[r] = (uint8_t)(lx - 1);
            run_y[r] = (uint8_t)ly;
            up[r] = (uint8_t)r;
            /* Runs above that end before this one cannot touch a later one either. */
            while (p < above_end && run_x1[p] < a)
                p++;
            for (int q = p; q < above_end && run_x0[q] <= lx - 1; q++) {
                int ra = q, rb = r;
                while (up[ra] != ra)
                    ra = up[ra] = up[up[ra]];
                while (up[rb] != rb)
                    rb = up[rb] = up[up[rb]];
                if (ra < rb)
                    up[rb] = (uint8_t)ra;
                else
                    up[ra] = (uint8_t)rb;
            }
        }
        above = first;
        above_end = nruns;
    }
    /* Number the components (a root precedes its runs), label their cells
     * and sum their cells' coordinates for the centroid. */
    long sum_x[MAX_RUNS], sum_y[MAX_RUNS], count[MAX_RUNS], best[MAX_RUNS];
    int best_cell[MAX_RUNS];
    int nreg = 0;
    for (int r = 0; r < nruns; r++) {
        int root = r;
        while (up[root] != root)
            root = up[root];
        if (root == r) {
            sum_x[nreg] = sum_y[nreg] = count[nreg] = 0;
            best[nreg] = -1;
            run_reg[r] = (uint8_t)nreg++;
        } else {
            run_reg[r] = run_reg[root];
        }
        int k = run_reg[r], len = run_x1[r] - run_x0[r] + 1;
        sum_x[k] += (long)(run_x0[r] + run_x1[r]) * len / 2;
        sum_y[k] += (long)run_y[r] * len;
        count[k] += len;
        memset(&labels[(size_t)(y0 + run_y[r]) * g->width + x0 + run_x0[r]], k, (size_t)len);
    }
    /* Center: the cell nearest the centroid (sx/n, sy/n), compared exactly in
     * integers as |n*c - sum|^2; ties to the earlier cell in row-major order.
     * In a run the nearest column is the one nearest sx/n (the lower on a
     * tie), and runs come in row-major order. */
    for (int r = 0; r < nruns; r++) {
        int k = run_reg[r];
        long n = count[k], sx = sum_x[k];
        long cx = sx / n;
        if (cx < run_x0[r])
            cx = run_x0[r];
        if (cx > run_x1[r])
            cx = run_x1[r];
        long dx = n * cx - sx;
        if (cx < run_x1[r] && labs(n * (cx + 1) - sx) < labs(dx))
            dx = n * ++cx - sx;
        long dy = n * run_y[r] - sum_y[k], d2 = dx * dx + dy * dy;
        if (best[k] < 0 || d2 < best[k]) {
            best[k] = d2;
            best_cell[k] = run_y[r] << 4 | (int)cx;
        }
    }
    if (!abs_grow(centers, centers->n + (size_t)nreg))
        return -1;
    for (int k = 0; k < nreg; k++)
        ((uint8_t *)centers->p)[centers->n++] = (uint8_t)best_cell[k];
    return nreg;
}

int abs_raw_edge_cmp(const void *a, const void *b)
{
    const RawEdge *p = a, *q = b;
    if (p->region != q->region)
        return p->region - q->region;
    if (p->dir != q->dir)
        return p->dir - q->dir;
    return p->target - q->target;
}

/* Inserts e into the sorted, duplicate-free out[0 .. *n): a sector has a
 * few dozen distinct edges against a few hundred border moves, so keeping
 * them sorted as they come is cheaper than sorting the moves (qsort was a
 * fifth of preprocessing on open maps). */
static void insert_edge(RawEdge *out, int *n, RawEdge e)
{
    int i = *n;
    while (i > 0) {
        int c = abs_raw_edge_cmp(&out[i - 1], &e);
        if (c == 0)
            return;
        if (c < 0)
            break;
        i--;
    }
    memmove(out + i + 1, out + i, (size_t)(*n - i) * sizeof *out);
    out[i] = e;
    (*n)++;
}

/* The neighbouring sectors (bit d = direction d, as GRID_DX/DY) that a
 * move from a border cell on sides k (as OUTWARD below) can enter: a local
 * update asks for a few directions only, so most border cells are skipped
 * before their moves are looked at. */
static inline unsigned reach_of(int k)
{
    /* REACH[l | r << 1 | t << 2 | b << 3] = t | r << 1 | b << 2 | l << 3 |
     * (t && r) << 4 | (b && r) << 5 | (b && l) << 6 | (t && l) << 7, as a
     * table: it is asked for every border cell. */
    static const uint8_t REACH[16] = {0x00, 0x08, 0x02, 0x0a, 0x01, 0x89, 0x13, 0x9b,
                                      0x04, 0x4c, 0x26, 0x6e, 0x05, 0xcd, 0x37, 0xff};
    return REACH[k];
}

/* abs_sector_edges for either form of the grid, `packed` a constant at each call. */
static inline __attribute__((always_inline)) int sector_edges(const Grid *g, int x0, int y0, int w, int h,
                                                              const uint8_t *labels, unsigned dir_mask, RawEdge *out,
                                                              bool packed)
{
    /* OUTWARD[l | r << 1 | t << 2 | b << 3]: the moves (bit d, as GRID_DX/DY)
     * that leave the sector from a cell on those of its sides (left, right,
     * top, bottom): d goes left from a left cell, up from a top one, ... */
    static const uint8_t OUTWARD[16] = {0x00, 0xc8, 0x32, 0xfa, 0x91, 0xd9, 0xb3, 0xfb,
                                        0x64, 0xec, 0x76, 0xfe, 0xf5, 0xfd, 0xf7, 0xff};
    /* SECTOR_DIR[k][d]: the neighbouring sector that move d (one of
     * OUTWARD[k]) enters from a cell on sides k. */
    static const uint8_t SECTOR_DIR[16][8] = {
        {0, 0, 0, 0, 0, 0, 0, 0}, {0, 0, 0, 3, 0, 0, 3, 3}, {0, 1, 0, 0, 1, 1, 0, 0}, {0, 1, 0, 3, 1, 1, 3, 3},
        {0, 0, 0, 0, 0, 0, 0, 0}, {0, 0, 0, 3, 0, 0, 3, 7}, {0, 1, 0, 0, 4, 1, 0, 0}, {0, 1, 0, 3, 4, 1, 3, 7},
        {0, 0, 2, 0, 0, 2, 2, 0}, {0, 0, 2, 3, 0, 2, 6, 3}, {0, 1, 2, 0, 1, 5, 2, 0}, {0, 1, 2, 3, 1, 5, 6, 3},
        {0, 0, 2, 0, 0, 2, 2, 0}, {0, 0, 2, 3, 0, 2, 6, 7}, {0, 1, 2, 0, 4, 5, 2, 0}, {0, 1, 2, 3, 4, 5, 6, 7}};
    /* A move's offsets in the padded grid, in `labels` and of the two
     * cells a diagonal move passes. */
    const uint8_t *cells = g->cells;
    const uint64_t *bits = g->bits;
    int cell_off[8], label_off[8], side_x[8], side_y[8];
    for (int d = 0; d < 8; d++) {
        cell_off[d] = grid_dir_offset(g, d);
        label_off[d] = GRID_DY[d] * g->width + GRID_DX[d];
        side_x[d] = GRID_DX[d];
        side_y[d] = GRID_DY[d] * g->stride;
    }
    int n = 0;
    RawEdge last = {ABS_BLOCKED_LABEL, 0, 0}; /* no edge has a blocked region */
    for (int ly = 0; ly < h; ly++) {
        int row_k = (ly == 0) << 2 | (ly == h - 1) << 3;
        if (!(reach_of(row_k | 3) & dir_mask))
            continue; /* no cell of this row leaves towards an asked sector */
        /* Only border cells can leave the sector: an inner row's first and last. */
        for (int lx = 0; lx < w; lx += row_k || lx != 0 || w == 1 ? 1 : w - 1) {
            int x = x0 + lx, y = y0 + ly, k = (lx == 0) | (lx == w - 1) << 1 | row_k;
            /* The cell and its neighbours read straight from the padded
             * grid (its blocked ring stands for outside the map): this
             * loop is most of preprocessing on open maps. */
            const int c = grid_index(g, x, y);
            if (!grid_cell_open(cells, bits, (size_t)c, packed) || !(reach_of(k) & dir_mask))
                continue;
            const uint8_t *lab = &labels[(size_t)y * g->width + x];
            for (unsigned moves = OUTWARD[k]; moves; moves &= moves - 1) {
                int d = __builtin_ctz(moves), sd = SECTOR_DIR[k][d];
                if (!(dir_mask >> sd & 1) || !grid_cell_open(cells, bits, (size_t)(c + cell_off[d]), packed) ||
                    (d >= 4 && (!grid_cell_open(cells, bits, (size_t)(c + side_x[d]), packed) ||
                                !grid_cell_open(cells, bits, (size_t)(c + side_y[d]), packed))))
                    continue;
                RawEdge e = {*lab, (uint8_t)sd, lab[label_off[d]]};
                /* Neighbouring border cells mostly give the edge just seen. */
                if (e.region != last.region || e.dir != last.dir || e.target != last.target)
                    insert_edge(out, &n, e);
                last = e;
            }
        }
    }
    return n;
}

int abs_sector_edges(const Grid *g, int x0, int y0, int w, int h, const uint8_t *labels, unsigned dir_mask,
                     RawEdge *out)
{
    return g->cells ? sector_edges(g, x0, y0, w, h, labels, dir_mask, out, false)
                    : sector_edges(g, x0, y0, w, h, labels, dir_mask, out, true);
}

int abs_raw_edges_sort(RawEdge *e, int n)
{
    int u = 0;
    for (int i = 0; i < n; i++)
        insert_edge(e, &u, e[i]); /* u <= i: the sorted prefix never overtakes the input */
    return u;
}

bool abs_plain_build(AbsPlain *p, const Grid *g, int S, uint8_t *labels, Err *err)
{
    memset(p, 0, sizeof *p);
    int sw = (g->width + S - 1) / S, sh = (g->height + S - 1) / S;
    p->nsectors = sw * sh;
    memset(labels, ABS_BLOCKED_LABEL, (size_t)g->width * g->height);
    Growable centers = {.elem = 1}, efirst = {.elem = sizeof(int)}, edir = {.elem = 1}, etgt = {.elem = 1};
    p->reg_first = malloc(((size_t)p->nsectors + 1) * sizeof *p->reg_first);
    if (!p->reg_first)
        goto oom;
    for (int s = 0; s < p->nsectors; s++) {
        int x0, y0, w, h;
        abs_box(g->width, g->height, S, sw, s, &x0, &y0, &w, &h);
        p->reg_first[s] = (int)centers.n;
        if (abs_fill_sector(g, x0, y0, w, h, labels, &centers) < 0)
            goto oom;
    }
    p->reg_first[p->nsectors] = (int)centers.n;
    p->nregions = (int)centers.n;
    /* Every border cell has at most 5 outward moves. */
    RawEdge raw[ABS_RAW_EDGES_MAX];
    if (!abs_grow(&efirst, (size_t)p->nregions + 1))
        goto oom;
    int *ef = efirst.p;
    for (int s = 0; s < p->nsectors; s++) {
        int x0, y0, w, h;
        abs_box(g->width, g->height, S, sw, s, &x0, &y0, &w, &h);
        int n = abs_sector_edges(g, x0, y0, w, h, labels, 0xffu, raw);
        if (!abs_grow(&edir, edir.n + (size_t)n) || !abs_grow(&etgt, etgt.n + (size_t)n))
            goto oom;
        int i = 0;
        for (int r = p->reg_first[s]; r < p->reg_first[s + 1]; r++) {
            ef[r] = (int)edir.n;
            for (; i < n && raw[i].region == r - p->reg_first[s]; i++) {
                ((uint8_t *)edir.p)[edir.n++] = raw[i].dir;
                ((uint8_t *)etgt.p)[etgt.n++] = raw[i].target;
            }
        }
    }
    ef[p->nregions] = (int)edir.n;
    p->nedges = (int)edir.n;
    p->center = centers.p;
    p->edge_first = efirst.p;
    p->edge_dir = edir.p;
    p->edge_target = etgt.p;
    return true;
oom:
    free(centers.p);
    free(efirst.p);
    free(edir.p);
    free(etgt.p);
    free(p->reg_first);
    memset(p, 0, sizeof *p);
    return err_set(err, "out of memory building the abstraction of a %dx%d map", g->width, g->height);
}

bool abs_build(Abstraction *a, const Grid *g, int S, bool defaults_on, Err *err)
{
    return abs_build_centers(a, g, S, defaults_on, false, false, err);
}

bool abs_build_centers(Abstraction *a, const Grid *g, int S, bool defaults_on, bool centers_opt, bool costs, Err *err)
{
    memset(a, 0, sizeof *a);
    if (S < ABS_MIN_SECTOR || S > ABS_MAX_SECTOR)
        return err_set(err, "sector size %d out of range %d..%d", S, ABS_MIN_SECTOR, ABS_MAX_SECTOR);
    uint8_t *labels = malloc((size_t)g->width * g->height);
    if (!labels)
        return err_set(err, "out of memory building the abstraction");
    AbsPlain p;
    bool ok = abs_plain_build(&p, g, S, labels, err);
    if (ok && centers_opt && abs_optimize_centers(&p, g, S, labels, NULL, ABS_CENTER_PASSES, err) < 0) {
        abs_plain_free(&p);
        ok = false;
    }
    free(labels);
    if (ok && costs && !abs_plain_costs(&p, g, S, NULL, NULL, err)) {
        abs_plain_free(&p);
        ok = false;
    }
    if (!ok)
        return false;
    a->width = g->width;
    a->height = g->height;
    a->S = S;
    a->sw = (g->width + S - 1) / S;
    a->sh = (g->height + S - 1) / S;
    a->defaults_on = defaults_on;
    a->centers_opt = centers_opt;
    a->costs_on = costs;
    ok = abs_encode(a, &p, err);
    abs_plain_free(&p);
    return ok;
}
