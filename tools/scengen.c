/* scengen: Moving AI-style scenario for one map.
 *   build/scengen MAP MAPCOLUMN OUT.scen [seed] [per_bucket] [max_bucket]
 * Pairs lie in one connected component (s != g); bucket = floor(optimal / 4);
 * `per_bucket` pairs (default 10) in every bucket that the map's distances
 * reach, up to `max_bucket` when given. Starts are drawn at random; one
 * Dijkstra from each start gives the exact distance to every cell, and a goal
 * is drawn uniformly among the cells of each bucket still short of pairs. The
 * optimum written is then recomputed with our grid A* and must agree with
 * Dijkstra, so the file cross-checks the search it will later test.
 * Deterministic for a given seed (own splitmix64 generator). OUT is written
 * whole or not at all. Links only common/, grid/ and search/.
 * Exit: 0 written, 1 A* and Dijkstra disagree, 2 bad input or no memory. */
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "../common/binio.h"
#include "../common/grow.h"
#include "../common/lines.h"
#include "../grid/grid.h"
#include "../search/astar.h"

#define MAX_STARTS 4000

typedef struct Rng {
    uint64_t s;
} Rng;

static uint64_t rng_next(Rng *r)
{
    uint64_t z = (r->s += 0x9e3779b97f4a7c15ull);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
    return z ^ (z >> 31);
}
static uint64_t rng_below(Rng *r, uint64_t n) { return rng_next(r) % n; }

typedef struct Pair {
    int bucket;
    int order;
    xyLoc s, g;
    double optimal;
} Pair;

/* Per-bucket bookkeeping, grown together as longer distances appear. */
typedef struct Buckets {
    int n;
    int *filled, *reservoir;
    long *seen;
} Buckets;

static bool buckets_grow(Buckets *b, int n)
{
    if (!grow_to(&b->filled, (size_t)n, sizeof *b->filled) ||
        !grow_to(&b->reservoir, (size_t)n, sizeof *b->reservoir) || !grow_to(&b->seen, (size_t)n, sizeof *b->seen))
        return false;
    memset(b->filled + b->n, 0, (size_t)(n - b->n) * sizeof *b->filled);
    memset(b->seen + b->n, 0, (size_t)(n - b->n) * sizeof *b->seen);
    b->n = n;
    return true;
}

/* Exact octile distances from `start` to every reachable cell, on the
 * best-first core with h = 0 (bf_reached tells which cells it reached). */
static void dijkstra(const Grid *g, int start, BestFirst *bf)
{
    bf_start(bf, (uint32_t)start, 0);
    uint32_t cur;
    while (bf_pop(bf, &cur)) {
        int cx = grid_index_x(g, (int)cur), cy = grid_index_y(g, (int)cur);
        for (int d = 0; d < 8; d++) {
            if (!grid_move_legal(g, cx, cy, d))
                continue;
            uint32_t nb = (uint32_t)((int)cur + grid_dir_offset(g, d));
            double nd = bf->node[cur].g + (GRID_DIR_IS_DIAGONAL(d) ? GRID_SQRT2 : 1.0);
            BfOffer o = bf_offer(bf, nb, nd);
            if (o)
                bf_queue(bf, nb, o, nd);
        }
    }
}

static int by_bucket(const void *a, const void *b)
{
    const Pair *p = a, *q = b;
    if (p->bucket != q->bucket)
        return p->bucket < q->bucket ? -1 : 1;
    return p->order - q->order;
}

/* A whole decimal number in lo..hi, as strict as the driver's options. */
static bool arg_number(const char *name, const char *text, unsigned long long lo, unsigned long long hi,
                       unsigned long long *out)
{
    char *end;
    errno = 0;
    unsigned long long v = strtoull(text, &end, 10);
    if (text[0] < '0' || text[0] > '9' || *end || errno || v < lo || v > hi) {
        fprintf(stderr, "scengen: %s '%s' is not a whole number in %llu..%llu\n", name, text, lo, hi);
        return false;
    }
    *out = v;
    return true;
}

/* The scenario file, written whole or not at all (common/binio.h
 * bin_create: a new temporary beside OUT, renamed over it). */
static int write_scen(const char *path, const char *column, const Grid *g, const Pair *pairs, int npairs)
{
    BinFile f;
    Err err;
    if (!bin_create(&f, path, &err)) {
        fprintf(stderr, "scengen: %s\n", err.msg);
        return 2;
    }
    fprintf(f.fp, "version 1\n");
    for (int i = 0; i < npairs; i++)
        fprintf(f.fp, "%d\t%s\t%d\t%d\t%d\t%d\t%d\t%d\t%.8f\n", pairs[i].bucket, column, g->width, g->height,
                pairs[i].s.x, pairs[i].s.y, pairs[i].g.x, pairs[i].g.y, pairs[i].optimal);
    if (!bin_commit(&f, &err)) {
        fprintf(stderr, "scengen: %s\n", err.msg);
        return 2;
    }
    return 0;
}

typedef struct Gen {
    Grid g;
    BestFirst dist;
    AStar astar;
    int *open_cells;
    size_t npass;
    Buckets b;
    Pair *pairs;
    int npairs;
    size_t cap_pairs;
} Gen;

static void gen_free(Gen *x)
{
    free(x->pairs);
    free(x->b.filled);
    free(x->b.reservoir);
    free(x->b.seen);
    free(x->open_cells);
    bf_free(&x->dist);
    astar_free(&x->astar);
    grid_free(&x->g);
}

/* Draws the pairs; returns 0, or 1 when A* and Dijkstra disagree, 2 when out of memory. */
static int draw_pairs(Gen *x, Rng *rng, int per_bucket, long max_bucket)
{
    int idle_starts = 0;
    for (int round = 0; round < MAX_STARTS && idle_starts < 50; round++) {
        int start = x->open_cells[rng_below(rng, x->npass)];
        dijkstra(&x->g, start, &x->dist);
        memset(x->b.seen, 0, (size_t)x->b.n * sizeof *x->b.seen);
        for (size_t i = 0; i < x->npass; i++) {
            int c = x->open_cells[i];
            if (!bf_reached(&x->dist, (uint32_t)c) || c == start)
                continue;
            int b = (int)floor(x->dist.node[c].g / 4.0);
            if (b >= x->b.n && !buckets_grow(&x->b, b * 2))
                return 2;
            if (b > max_bucket || x->b.filled[b] >= per_bucket)
                continue;
            if (rng_below(rng, (uint64_t)++x->b.seen[b]) == 0) /* uniform reservoir of one */
                x->b.reservoir[b] = c;
        }
        int added = 0;
        for (int b = 0; b < x->b.n; b++) {
            if (!x->b.seen[b])
                continue;
            int c = x->b.reservoir[b];
            xyLoc s = {(int16_t)grid_index_x(&x->g, start), (int16_t)grid_index_y(&x->g, start)};
            xyLoc t = {(int16_t)grid_index_x(&x->g, c), (int16_t)grid_index_y(&x->g, c)};
            double opt = astar_distance(&x->astar, s, t, NULL);
            if (fabs(opt - x->dist.node[c].g) > 1e-9) {
                fprintf(stderr, "scengen: A* (%.9f) and Dijkstra (%.9f) disagree on (%d,%d)->(%d,%d)\n", opt,
                        x->dist.node[c].g, s.x, s.y, t.x, t.y);
                return 1;
            }
            if (!GROW(x->pairs, x->cap_pairs, (size_t)x->npairs + 1, 1024))
                return 2;
            x->pairs[x->npairs] = (Pair){b, x->npairs, s, t, opt};
            x->npairs++;
            x->b.filled[b]++;
            added++;
        }
        idle_starts = added ? 0 : idle_starts + 1;
    }
    return 0;
}

int main(int argc, char **argv)
{
    if (argc < 4 || argc > 7) {
        fprintf(stderr, "usage: scengen MAP MAPCOLUMN OUT.scen [seed] [per_bucket] [max_bucket]\n");
        return 2;
    }
    unsigned long long seed = 1, per_bucket = 10, max_bucket = 1u << 30;
    if ((argc > 4 && !arg_number("seed", argv[4], 0, UINT64_MAX, &seed)) ||
        (argc > 5 && !arg_number("per_bucket", argv[5], 1, 1000000, &per_bucket)) ||
        (argc > 6 && !arg_number("max_bucket", argv[6], 0, 1u << 30, &max_bucket)))
        return 2;
    if (strchr(argv[2], '\t') || strchr(argv[2], '\n') || !argv[2][0]) {
        fprintf(stderr, "scengen: MAPCOLUMN '%s' must be one non-empty field without tabs\n", argv[2]);
        return 2;
    }
    Gen x = {0};
    Err err;
    if (!grid_load_map(&x.g, argv[1], &err)) {
        fprintf(stderr, "scengen: %s\n", err.msg);
        return 2;
    }
    size_t cells = (size_t)(x.g.height + 2) * x.g.stride, passable = grid_count_passable(&x.g);
    if (passable < 2) {
        fprintf(stderr, "scengen: %s: fewer than two passable cells\n", argv[1]);
        gen_free(&x);
        return 2;
    }
    x.open_cells = malloc(passable * sizeof *x.open_cells);
    if (!x.open_cells || !bf_init(&x.dist, cells, (uint32_t)passable + 1) || !astar_init(&x.astar, &x.g, &err) ||
        !buckets_grow(&x.b, (int)((x.g.width + x.g.height) * 2.0 / 4.0) + 2)) {
        fprintf(stderr, "scengen: %s: out of memory\n", argv[1]);
        gen_free(&x);
        return 2;
    }
    for (int y = 0; y < x.g.height; y++)
        for (int xx = 0; xx < x.g.width; xx++)
            if (grid_passable(&x.g, xx, y))
                x.open_cells[x.npass++] = grid_index(&x.g, xx, y);
    Rng rng = {seed};
    int code = draw_pairs(&x, &rng, (int)per_bucket, (long)max_bucket);
    if (code == 2)
        fprintf(stderr, "scengen: %s: out of memory\n", argv[1]);
    if (code == 0) {
        qsort(x.pairs, (size_t)x.npairs, sizeof *x.pairs, by_bucket);
        code = write_scen(argv[3], argv[2], &x.g, x.pairs, x.npairs);
    }
    if (code == 0)
        fprintf(stderr, "scengen: %s: %d queries in buckets 0..%d\n", argv[3], x.npairs,
                x.npairs ? x.pairs[x.npairs - 1].bucket : -1);
    gen_free(&x);
    return code;
}
