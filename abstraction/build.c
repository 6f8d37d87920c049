/* Building the MM abstraction (paper §"Abstraction"; thesis §3.1.1): regions
 * are the 4-connected parts of each sector (found as runs of open cells joined
 * row to row, what a flood fill finds), centers nearest the centroid, edges
 * from every legal move that crosses a sector border. */
#include <stdlib.h>
#include <string.h>

#include "plain.h"

/* Bit i of the result: cell (x + i dx, y + i dy) open, for i < n (n <= 32),
 * read from the padded grid (its blocked ring stands for outside the map). */
static inline uint32_t open_line(const Grid *g, int x, int y, int dx, int dy, int n, bool packed)
{
    size_t i = (size_t)grid_index(g, x, y);
    if (packed && dx == 1) /* a row's cells are consecutive bits */
        return (uint32_t)grid_bits_run(g->bits, i, n);
    uint32_t b = 0;
    size_t step = (size_t)(dy * g->stride + dx);
    for (int k = 0; k < n; k++, i += step)
        b |= (uint32_t)grid_cell_open(g->cells, g->bits, i, packed) << k;
    return b;
}

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
        /* The row's open cells as bits, its runs found a word at a time. */
        uint32_t row = open_line(g, x0, y0 + ly, 1, 0, w, !g->cells);
        int first = nruns, p = above;
        while (row) {
            int a = __builtin_ctz(row), lx = a + __builtin_ctz(~(row >> a)); /* w < 32: a blocked bit ends it */
            row &= ~0u << lx;
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

/* The edges one side of a sector gives (abs_sector_edges): its L cells are
 * positions 1 .. L of a line from (x, y) along (dx, dy), position 0 and L +
 * 1 the cells just past its ends, and the line beside it one step outward,
 * (ox, oy), is the neighbouring sector `side`'s (positions 1 .. L) and the
 * corner sectors' `back` (position 0) and `fwd` (position L + 1); a corner
 * sector is asked only from the sides that pass it (top and bottom, -1
 * otherwise). A move from position i leaves straight to outer i or
 * diagonally to outer i + 1 or i - 1, the two cells beside a diagonal one
 * being inner i +- 1 and outer i (no corner cutting). Each legal move's
 * edge (its cell's region, the sector it enters, its target's region) is
 * inserted unless it is the one just seen: neighbouring moves mostly give
 * the same edge. The lines are bit masks, so blocked cells and illegal
 * moves cost nothing one by one. */
static inline __attribute__((always_inline)) void side_edges(const Grid *g, const uint8_t *labels, int x, int y, int dx,
                                                             int dy, int ox, int oy, int L, unsigned dir_mask,
                                                             unsigned single, int side, int back, int fwd, RawEdge *out,
                                                             int *n, bool packed)
{
    bool want_side = dir_mask >> side & 1, want_back = back >= 0 && (dir_mask >> back & 1),
         want_fwd = fwd >= 0 && (dir_mask >> fwd & 1);
    if (!want_side && !want_back && !want_fwd)
        return;
    uint32_t in = open_line(g, x, y, dx, dy, L + 2, packed),
             outer = open_line(g, x + ox, y + oy, dx, dy, L + 2, packed);
    uint32_t mid = ((1u << L) - 1) << 1, from = in & mid;
    uint32_t straight = from & outer, ahead = from & outer >> 1 & in >> 1 & outer,
             behind = from & outer << 1 & in << 1 & outer;
    const ptrdiff_t at = (ptrdiff_t)y * g->width + x; /* position 0 (maybe off the map: never read) */
    const ptrdiff_t step = (ptrdiff_t)dy * g->width + dx, outward = (ptrdiff_t)oy * g->width + ox;
    RawEdge last = {ABS_BLOCKED_LABEL, 0, 0}; /* no edge has a blocked region */
    /* Moves into the side's sector: straight from 1 .. L, ahead from 1 ..
     * L - 1, behind from 2 .. L; then the corners' two. */
    uint32_t masks[3] = {want_side ? straight : 0, want_side ? ahead & (mid >> 1) : 0,
                         want_side ? behind & (mid << 1) & mid : 0};
    const int shift[3] = {0, 1, -1};
    /* One region on each side of the border (every open cell labelled 0):
     * every move into the side's sector is the one edge. */
    bool one_edge = (single & ABS_SINGLE_SELF) && (single >> side & 1);
    if (one_edge && (masks[0] | masks[1] | masks[2]))
        insert_edge(out, n, (RawEdge){0, (uint8_t)side, 0});
    for (int k = 0; k < 3 && !one_edge; k++)
        for (uint32_t m = masks[k]; m; m &= m - 1) {
            int i = __builtin_ctz(m);
            RawEdge e = {labels[at + i * step], (uint8_t)side, labels[at + (i + shift[k]) * step + outward]};
            if (e.region != last.region || e.dir != last.dir || e.target != last.target)
                insert_edge(out, n, e);
            last = e;
        }
    if (want_fwd && (ahead >> L & 1))
        insert_edge(out, n, (RawEdge){labels[at + L * step], (uint8_t)fwd, labels[at + (L + 1) * step + outward]});
    if (want_back && (behind >> 1 & 1))
        insert_edge(out, n, (RawEdge){labels[at + step], (uint8_t)back, labels[at + outward]});
}

/* abs_sector_edges for either form of the grid, `packed` a constant at each call. */
static inline __attribute__((always_inline)) int sector_edges(const Grid *g, int x0, int y0, int w, int h,
                                                              const uint8_t *labels, unsigned dir_mask, unsigned single,
                                                              RawEdge *out, bool packed)
{
    /* Directions as GRID_DX/DY: N 0, E 1, S 2, W 3, NE 4, SE 5, SW 6, NW 7. */
    int n = 0;
    side_edges(g, labels, x0 - 1, y0, 1, 0, 0, -1, w, dir_mask, single, 0, 7, 4, out, &n, packed);          /* top */
    side_edges(g, labels, x0 - 1, y0 + h - 1, 1, 0, 0, 1, w, dir_mask, single, 2, 6, 5, out, &n, packed);   /* bottom */
    side_edges(g, labels, x0, y0 - 1, 0, 1, -1, 0, h, dir_mask, single, 3, -1, -1, out, &n, packed);        /* left */
    side_edges(g, labels, x0 + w - 1, y0 - 1, 0, 1, 1, 0, h, dir_mask, single, 1, -1, -1, out, &n, packed); /* right */
    return n;
}

int abs_sector_edges(const Grid *g, int x0, int y0, int w, int h, const uint8_t *labels, unsigned dir_mask,
                     unsigned single, RawEdge *out)
{
    return g->cells ? sector_edges(g, x0, y0, w, h, labels, dir_mask, single, out, false)
                    : sector_edges(g, x0, y0, w, h, labels, dir_mask, single, out, true);
}

unsigned abs_single_regions(int sw, int sh, int s, const int *first, const int *fresh_first, const uint8_t *fresh)
{
    unsigned single = 0;
    for (int d = -1; d < 8; d++) {
        int x = s % sw + (d < 0 ? 0 : GRID_DX[d]), y = s / sw + (d < 0 ? 0 : GRID_DY[d]), u = y * sw + x;
        if (x < 0 || y < 0 || x >= sw || y >= sh)
            continue;
        const int *f = fresh && fresh[u] ? fresh_first : first;
        if (f[u + 1] - f[u] == 1)
            single |= d < 0 ? ABS_SINGLE_SELF : 1u << d;
    }
    return single;
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
        unsigned single = abs_single_regions(sw, sh, s, p->reg_first, NULL, NULL);
        int n = abs_sector_edges(g, x0, y0, w, h, labels, 0xffu, single, raw);
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
