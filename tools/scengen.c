/* scengen: Moving AI-style scenario for one map.
 *   build/scengen MAP MAPCOLUMN OUT.scen [seed] [per_bucket] [max_bucket]
 * Pairs lie in one connected component (s != g); bucket = floor(optimal / 4);
 * `per_bucket` pairs (default 10) in every bucket that the map's distances
 * reach, up to `max_bucket` when given. Starts are drawn at random; one
 * Dijkstra from each start gives the exact distance to every cell, and a goal
 * is drawn uniformly among the cells of each bucket still short of pairs. The
 * optimum written is then recomputed with our grid A* and must agree with
 * Dijkstra, so the file cross-checks the search it will later test.
 * Deterministic for a given seed (own splitmix64 generator). */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../grid/grid.h"
#include "../search/astar.h"
#include "../search/heap.h"

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

typedef struct DijkstraNode {
    double d;
    uint32_t stamp;
    int32_t heap_pos;
} DijkstraNode;

/* Exact octile distances from `start` to every reachable cell (d < 0: not reached). */
static void dijkstra(const Grid *g, int start, DijkstraNode *node, uint32_t stamp, Heap *heap)
{
    heap_clear(heap);
    node[start] = (DijkstraNode){0, stamp, 0};
    heap_push(heap, (uint32_t)start, 0, 0);
    while (!heap_empty(heap)) {
        HeapItem it = heap_pop(heap);
        int cur = (int)it.id, cx = grid_index_x(g, cur), cy = grid_index_y(g, cur);
        node[cur].heap_pos = -1;
        for (int d = 0; d < 8; d++) {
            if (!grid_move_legal(g, cx, cy, d))
                continue;
            int nb = cur + grid_dir_offset(g, d);
            double nd = node[cur].d + (GRID_DIR_IS_DIAGONAL(d) ? GRID_SQRT2 : 1.0);
            if (node[nb].stamp != stamp) {
                node[nb] = (DijkstraNode){nd, stamp, 0};
                heap_push(heap, (uint32_t)nb, nd, nd);
            } else if (node[nb].heap_pos >= 0 && nd < node[nb].d) {
                node[nb].d = nd;
                heap_decrease(heap, (uint32_t)nb, nd, nd);
            }
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

int main(int argc, char **argv)
{
    if (argc < 4 || argc > 7) {
        fprintf(stderr, "usage: scengen MAP MAPCOLUMN OUT.scen [seed] [per_bucket] [max_bucket]\n");
        return 2;
    }
    Grid g;
    Err err;
    if (!grid_load_map(&g, argv[1], &err)) {
        fprintf(stderr, "scengen: %s\n", err.msg);
        return 2;
    }
    Rng rng = {argc > 4 ? strtoull(argv[4], NULL, 10) : 1};
    int per_bucket = argc > 5 ? atoi(argv[5]) : 10;
    int max_bucket = argc > 6 ? atoi(argv[6]) : 1 << 30;
    size_t ncells = (size_t)(g.height + 2) * g.stride, passable = grid_count_passable(&g);
    int *open_cells = malloc(passable * sizeof *open_cells);
    DijkstraNode *node = calloc(ncells, sizeof *node);
    Heap heap;
    AStar astar;
    size_t npass = 0;
    for (int y = 0; y < g.height; y++)
        for (int x = 0; x < g.width; x++)
            if (grid_passable(&g, x, y))
                open_cells[npass++] = grid_index(&g, x, y);
    int nbuckets = (int)((g.width + g.height) * 2.0 / 4.0) + 2; /* grows below if needed */
    int *filled = calloc((size_t)nbuckets, sizeof *filled);
    Pair *pairs = NULL;
    int npairs = 0, cap_pairs = 0;
    if (!open_cells || !node || !filled || npass < 2 ||
        !heap_init(&heap, (uint32_t)passable + 1, &node[0].heap_pos, sizeof node[0]) ||
        !astar_init(&astar, &g, &err)) {
        fprintf(stderr, "scengen: %s: no room or fewer than two open cells\n", argv[1]);
        return 2;
    }
    int *reservoir = malloc((size_t)nbuckets * sizeof *reservoir);
    long *seen = malloc((size_t)nbuckets * sizeof *seen);
    int idle_starts = 0;
    for (uint32_t stamp = 1; stamp <= MAX_STARTS && idle_starts < 50; stamp++) {
        int start = open_cells[rng_below(&rng, npass)];
        dijkstra(&g, start, node, stamp, &heap);
        memset(seen, 0, (size_t)nbuckets * sizeof *seen);
        for (size_t i = 0; i < npass; i++) {
            int c = open_cells[i];
            if (node[c].stamp != stamp || c == start)
                continue;
            int b = (int)floor(node[c].d / 4.0);
            if (b >= nbuckets) {
                int nb = b * 2;
                filled = realloc(filled, (size_t)nb * sizeof *filled);
                reservoir = realloc(reservoir, (size_t)nb * sizeof *reservoir);
                seen = realloc(seen, (size_t)nb * sizeof *seen);
                memset(filled + nbuckets, 0, (size_t)(nb - nbuckets) * sizeof *filled);
                memset(seen + nbuckets, 0, (size_t)(nb - nbuckets) * sizeof *seen);
                nbuckets = nb;
            }
            if (b > max_bucket || filled[b] >= per_bucket)
                continue;
            if (rng_below(&rng, (uint64_t)++seen[b]) == 0) /* uniform reservoir of one */
                reservoir[b] = c;
        }
        int added = 0;
        for (int b = 0; b < nbuckets; b++) {
            if (!seen[b])
                continue;
            int c = reservoir[b];
            xyLoc s = {(int16_t)grid_index_x(&g, start), (int16_t)grid_index_y(&g, start)};
            xyLoc t = {(int16_t)grid_index_x(&g, c), (int16_t)grid_index_y(&g, c)};
            double opt = astar_distance(&astar, s, t, NULL);
            if (fabs(opt - node[c].d) > 1e-9) {
                fprintf(stderr, "scengen: A* (%.9f) and Dijkstra (%.9f) disagree on (%d,%d)->(%d,%d)\n",
                        opt, node[c].d, s.x, s.y, t.x, t.y);
                return 1;
            }
            if (npairs == cap_pairs) {
                cap_pairs = cap_pairs ? cap_pairs * 2 : 1024;
                pairs = realloc(pairs, (size_t)cap_pairs * sizeof *pairs);
            }
            pairs[npairs] = (Pair){b, npairs, s, t, opt};
            npairs++;
            filled[b]++;
            added++;
        }
        idle_starts = added ? 0 : idle_starts + 1;
    }
    qsort(pairs, (size_t)npairs, sizeof *pairs, by_bucket);
    FILE *out = fopen(argv[3], "w");
    if (!out) {
        fprintf(stderr, "scengen: %s: cannot write\n", argv[3]);
        return 2;
    }
    fprintf(out, "version 1\n");
    for (int i = 0; i < npairs; i++)
        fprintf(out, "%d\t%s\t%d\t%d\t%d\t%d\t%d\t%d\t%.8f\n", pairs[i].bucket, argv[2], g.width,
                g.height, pairs[i].s.x, pairs[i].s.y, pairs[i].g.x, pairs[i].g.y, pairs[i].optimal);
    if (fclose(out) != 0) {
        fprintf(stderr, "scengen: %s: write error\n", argv[3]);
        return 2;
    }
    fprintf(stderr, "scengen: %s: %d queries in buckets 0..%d\n", argv[3], npairs,
            npairs ? pairs[npairs - 1].bucket : -1);
    free(pairs);
    free(reservoir);
    free(seen);
    free(filled);
    free(open_cells);
    free(node);
    heap_free(&heap);
    astar_free(&astar);
    grid_free(&g);
    return 0;
}
