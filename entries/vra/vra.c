/* Variable Resolution A*: cells, links, splitting, the search (vra.h). */
#include <stdlib.h>
#include <string.h>

#include "../../common/grow.h"
#include "../../refine/smooth.h"
#include "vra.h"

/* The per-cell arrays grow side by side to one capacity; a new cell's links
 * and mark start zeroed. v->cap moves only when all grew, so vra_free frees
 * no link list the zeroing has not reached. */
static bool grow(Vra *v)
{
    size_t old = v->cap, cap = grow_cap(old, old + 1, 256);
    if (cap > UINT32_MAX || !grow_to(&v->cell, cap, sizeof *v->cell) || !grow_to(&v->adj, cap, sizeof *v->adj) ||
        !grow_to(&v->parent, cap, sizeof *v->parent) || !grow_to(&v->closed, cap, sizeof *v->closed) ||
        !grow_to(&v->mark, cap, sizeof *v->mark) || !bf_resize(&v->bf, cap))
        return false;
    memset(v->adj + old, 0, (cap - old) * sizeof *v->adj);
    memset(v->mark + old, 0, (cap - old) * sizeof *v->mark);
    v->cap = (uint32_t)cap;
    return true;
}

static bool add_link(VraAdj *a, uint32_t to, double cost)
{
    if (!GROW32(a->l, a->cap, (size_t)a->n + 1, 8))
        return false;
    a->l[a->n++] = (VraLink){to, cost};
    return true;
}

static bool contains(const VraCell *c, xyLoc p) { return p.x >= c->x0 && p.x <= c->x1 && p.y >= c->y0 && p.y <= c->y1; }

static bool edge_neighbours(const VraCell *a, const VraCell *b)
{
    bool x_touch = a->x1 + 1 == b->x0 || b->x1 + 1 == a->x0, y_touch = a->y1 + 1 == b->y0 || b->y1 + 1 == a->y0;
    bool x_overlap = a->x0 <= b->x1 && b->x0 <= a->x1, y_overlap = a->y0 <= b->y1 && b->y0 <= a->y1;
    return (x_touch && y_overlap) || (y_touch && x_overlap);
}

static double link_cost(const Vra *v, const VraCell *a, const VraCell *b)
{
    if (!line_legal(&v->grid, a->pt, b->pt))
        return VRA_INF;
    return grid_octile(a->pt.x, a->pt.y, b->pt.x, b->pt.y);
}

/* Appends a cell; its point is s or g when it holds one, else its centre. */
static bool new_cell(Vra *v, int x0, int y0, int x1, int y1, xyLoc s, xyLoc g, uint32_t *id)
{
    if (v->ncells == v->cap && !grow(v))
        return false;
    VraCell c = {x0, y0, x1, y1, {(int16_t)((x0 + x1) / 2), (int16_t)((y0 + y1) / 2)}, true};
    if (contains(&c, s))
        c.pt = s;
    else if (contains(&c, g))
        c.pt = g;
    *id = v->ncells++;
    v->cell[*id] = c;
    v->adj[*id].n = 0;
    return true;
}

static bool link(Vra *v, uint32_t a, uint32_t b)
{
    double cost = link_cost(v, &v->cell[a], &v->cell[b]);
    return add_link(&v->adj[a], b, cost) && add_link(&v->adj[b], a, cost);
}

/* Splits cell r along its longer axis, relinking only its old neighbours. */
static bool split(Vra *v, uint32_t r, xyLoc s, xyLoc g)
{
    VraCell old = v->cell[r];
    v->cell[r].alive = false;
    uint32_t a, b;
    bool wide = old.x1 - old.x0 >= old.y1 - old.y0;
    int mid = wide ? (old.x0 + old.x1) / 2 : (old.y0 + old.y1) / 2;
    if (!new_cell(v, old.x0, old.y0, wide ? mid : old.x1, wide ? old.y1 : mid, s, g, &a) ||
        !new_cell(v, wide ? mid + 1 : old.x0, wide ? old.y0 : mid + 1, old.x1, old.y1, s, g, &b))
        return false;
    for (uint32_t i = 0; i < v->adj[r].n; i++) {
        uint32_t nb = v->adj[r].l[i].to;
        VraAdj *na = &v->adj[nb];
        for (uint32_t k = 0; k < na->n; k++)
            if (na->l[k].to == r) {
                na->l[k] = na->l[--na->n];
                break;
            }
        for (int side = 0; side < 2; side++) {
            uint32_t child = side ? b : a;
            if (edge_neighbours(&v->cell[child], &v->cell[nb]) && !link(v, child, nb))
                return false;
        }
    }
    v->adj[r].n = 0;
    if (v->s_cell == r)
        v->s_cell = contains(&v->cell[a], s) ? a : b;
    if (v->g_cell == r)
        v->g_cell = contains(&v->cell[a], g) ? a : b;
    return link(v, a, b);
}

/* Can cell c be split (larger than one grid cell)? */
static bool splittable(const Vra *v, uint32_t c)
{
    const VraCell *k = &v->cell[c];
    return k->x0 != k->x1 || k->y0 != k->y1;
}

/* A* over the cells; true when g_cell is reached. A failed search is walled
 * in by infinite links, so it marks the splittable cells at either end of
 * each one it meets, in order (v->closed is reused as the marked list). */
static bool search(Vra *v, xyLoc goal, uint32_t *nmarked)
{
    StampArea marks = STAMP_ARRAY(v->mark, v->cap);
    uint32_t mark = stamp_next(&v->mark_gen, &marks, 1);
    BestFirst *bf = &v->bf;
    bf_start(bf, v->s_cell, 0);
    v->parent[v->s_cell] = v->s_cell;
    *nmarked = 0;
    v->searches++;
    uint32_t c;
    while (bf_pop(bf, &c)) {
        if (c == v->g_cell)
            return true;
        v->expanded++;
        for (uint32_t i = 0; i < v->adj[c].n; i++) {
            const VraLink *l = &v->adj[c].l[i];
            if (l->cost >= VRA_INF) {
                for (int side = 0; side < 2; side++) {
                    uint32_t m = side ? l->to : c;
                    if (v->mark[m] != mark && splittable(v, m)) {
                        v->mark[m] = mark;
                        v->closed[(*nmarked)++] = m;
                    }
                }
                continue;
            }
            double g = bf->node[c].g + l->cost;
            BfOffer o = bf_offer(bf, l->to, g);
            if (o) {
                xyLoc p = v->cell[l->to].pt;
                v->parent[l->to] = c;
                bf_queue(bf, l->to, o, g + grid_octile(p.x, p.y, goal.x, goal.y));
            }
        }
    }
    return false;
}

void vra_find(Vra *v, xyLoc s, xyLoc g, xyPath *path)
{
    if (!grid_passable(&v->grid, s.x, s.y) || !grid_passable(&v->grid, g.x, g.y))
        return;
    v->queries++;
    if (s.x == g.x && s.y == g.y) {
        path_push(path, s);
        return;
    }
    v->ncells = 0;
    int W = v->grid.width, H = v->grid.height;
    bool by_x = abs(g.x - s.x) >= abs(g.y - s.y);
    int mid = by_x ? (s.x + g.x) / 2 : (s.y + g.y) / 2;
    if (!new_cell(v, 0, 0, by_x ? mid : W - 1, by_x ? H - 1 : mid, s, g, &v->s_cell) ||
        !new_cell(v, by_x ? mid + 1 : 0, by_x ? 0 : mid + 1, W - 1, H - 1, s, g, &v->g_cell) || !link(v, 0, 1))
        abort();                             /* out of memory: the GPPC call has no way to report it */
    if (!contains(&v->cell[v->s_cell], s)) { /* the midpoint falls on the goal's side */
        uint32_t t = v->s_cell;
        v->s_cell = v->g_cell;
        v->g_cell = t;
    }
    uint32_t nmarked;
    bool found;
    while (!(found = search(v, g, &nmarked)) && nmarked > 0) {
        /* The paper splits the first marked cell; split=all splits every one
         * (far fewer searches on large maps). split() appends cells but never
         * reuses ids, so the marked ids stay valid while we go. */
        uint32_t upto = v->split_all ? nmarked : 1;
        for (uint32_t i = 0; i < upto; i++)
            if (v->cell[v->closed[i]].alive && !split(v, v->closed[i], s, g))
                abort();
    }
    v->cells_total += v->ncells;
    if (!found)
        return;
    size_t n = 0;
    for (uint32_t c = v->g_cell;; c = v->parent[c]) {
        v->way[n++] = v->cell[c].pt;
        if (c == v->s_cell)
            break;
    }
    cells_reverse(v->way, n);
    n = smooth_waypoints(&v->grid, v->way, n);
    path_push(path, s);
    for (size_t i = 1; i < n; i++)
        path_push_line(path, v->way[i - 1], v->way[i]);
}

bool vra_init(Vra *v, const Grid *map, bool split_all, Err *err)
{
    memset(v, 0, sizeof *v);
    v->split_all = split_all;
    int W = map->width, H = map->height;
    /* A waypoint list never holds more points than there are grid cells. */
    v->way_cap = (size_t)W * H + 2;
    v->way = malloc(v->way_cap * sizeof *v->way);
    if (!grid_copy(&v->grid, map, err) || !v->way || !bf_init(&v->bf, 0, 1) || !grow(v)) {
        vra_free(v);
        return err_set(err, "vra: out of memory for a %dx%d map", W, H);
    }
    return true;
}

void vra_free(Vra *v)
{
    for (uint32_t i = 0; v->adj && i < v->cap; i++)
        free(v->adj[i].l);
    free(v->adj);
    free(v->cell);
    free(v->parent);
    free(v->closed);
    free(v->mark);
    free(v->way);
    bf_free(&v->bf);
    grid_free(&v->grid);
    memset(v, 0, sizeof *v);
}

size_t vra_bytes(const Vra *v)
{
    size_t links = 0;
    for (uint32_t i = 0; i < v->cap; i++)
        links += v->adj[i].cap;
    return v->cap * (sizeof(VraCell) + sizeof(VraAdj) + sizeof(BfNode) + 4 + 8 + sizeof(HeapItem)) +
           links * sizeof(VraLink);
}
