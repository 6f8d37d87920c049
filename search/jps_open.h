/* jps_open.h (search floor): the open list and node state of JPS+ (jps.h),
 * with exact integer costs and one 64-bit key per open node.
 *
 * Why JPS does not use the one best-first core (search/best_first.h): with
 * its jumps read from a table, JPS+ spends most of a query in the open list
 * and the node state, and there heap compares of (double f, float g) pairs
 * cost many instructions and mispredicted branches (docs/entries/jpsplus.md).
 * Here a key is one unsigned integer,
 * f in the high bits and the tie-break in the low ones, so a compare is one
 * instruction the compiler turns into a conditional move. The best-first
 * core keeps double costs for its other users (A*, the abstract search, the
 * scenario generator), whose results must not move. Online JPS runs here
 * too: it is the yardstick JPS+ is measured against, and a yardstick on the
 * slower list would flatter JPS+ (the ratio would count the heap, not the
 * table). mm's capped JPS is this search, so its ties are broken here.
 *
 * Costs: a cardinal step is `card` = 2^k, a diagonal `diag` = round(sqrt(2) *
 * 2^k), k chosen per map in jo_init so that every f of the map fits
 * JO_F_BITS bits (k = 31 on a 512 x 512 map, 30 on the largest DAO maps,
 * never below 23 up to GRID_MAX_DIM^2 cells). The
 * search is exact A* for the metric where a diagonal costs diag / 2^k; that
 * metric differs from the octile one by at most 2^-(k+1) per diagonal step,
 * so the path returned costs at most the optimal cost plus 2^-k times the
 * diagonal steps of the two paths: a relative error below 2^-k (< 1.2e-7),
 * far inside the driver's 1e-6 slack. The octile heuristic in the same
 * metric is computed exactly and is consistent (card <= diag <= 2 card), so f
 * never drops along a jump and "f equals the f being expanded" is an exact
 * integer test (the bypass in jps.c needs no epsilon).
 *
 * Key: f << JO_TIE_BITS | (JO_TIE_MAX - min(g >> tie_shift, JO_TIE_MAX)): f
 * first, then the larger g (deeper nodes first, as heap.h). The tie field is
 * g at the resolution of about 1/1024 of the query's start heuristic
 * (jo_start); g beyond 4x that saturates. A coarse tie-break only decides
 * which of two equal-f nodes comes first, which A* may choose freely.
 *
 * Owns the node array (one JoNode per padded cell, zeroed at init; stamps,
 * common/stamp.h, so nothing is cleared between searches) and the open list:
 * a 4-ary heap whose four children share one 64-byte line, sized at init and
 * grown only by jo_reserve between searches. */
#ifndef GPPC_SEARCH_JPS_OPEN_H
#define GPPC_SEARCH_JPS_OPEN_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#define JO_TIE_BITS 12
#define JO_TIE_MAX ((1u << JO_TIE_BITS) - 1)
#define JO_F_BITS (64 - JO_TIE_BITS)
/* A closed node's pos: JO_CLOSED, or any negative value (its other 31 bits
 * the caller's, jps_node.h). */
#define JO_CLOSED (-1)

/* 16 bytes, four to a line: the search's own fields (parent, x, y) sit in
 * the record the relax step reads and the pop writes anyway, so a generated
 * node costs one line and its expansion reads its coordinates and the
 * direction it was entered in from that line (no separate parent array, no
 * division of the cell index by the stride). No g: an open node's is its
 * key's f (jo_open_f) less its heuristic, and a node's that is expanded is
 * the f popped less its heuristic (the bypass's too: its f is the one being
 * expanded), so the exact 64-bit costs cost the node nothing. */
typedef struct JoNode {
    uint32_t stamp;  /* == JpsOpen.stamp: the node belongs to this search */
    int32_t pos;     /* slot in the heap; negative once closed (JO_CLOSED) */
    uint32_t parent; /* the caller's (jps.c: parent node and entry direction) */
    union {
        struct {
            uint16_t x, y; /* the caller's: the node's padded coordinates */
        };
        uint32_t xy; /* both as one key (jo_xy): a sparse node's id, which its slot is found by */
    };
} JoNode;

/* The key of coordinates (x, y) as JoNode.xy holds them. */
static inline uint32_t jo_xy(int x, int y)
{
    union {
        struct {
            uint16_t x, y;
        } c;
        uint32_t xy;
    } k = {.c = {(uint16_t)x, (uint16_t)y}};
    return k.xy;
}

typedef struct JoItem {
    uint64_t key;
    uint32_t id;  /* the node's index (jo_index) */
    uint32_t aux; /* the caller's, kept with the key and given back by jo_pop (jps.c: the
                   * parts of the node's heuristic, so that its g is its f less that, no
                   * coordinates read); 16 bytes an item, four to a line */
} JoItem;

typedef struct JpsOpen {
    JoNode *node;
    size_t count;
    JoItem *items;
    uint32_t n, cap;
    uint32_t stamp;
    int tie_shift;       /* of the current search */
    uint64_t card, diag; /* fixed-point step costs */
    int k;               /* card = 2^k */
    /* Sparse (jo_init_sparse): `node` holds `count` slots (a power of two),
     * a node's slot found from its id, its coordinates' key (jo_xy), by
     * hashing and linear probing; a slot is taken when its stamp is
     * current, its xy says by which id (the node's own coordinates: no
     * array of ids beside the nodes). */
    bool sparse;
    int shift;       /* 32 - log2(count) */
    uint32_t live;   /* nodes this search took (the caller counts them) */
    uint32_t zeroed; /* sparse: slots zeroed since jo_resize_sparse (jo_zero_some); count when ready */
} JpsOpen;

/* `count` nodes (padded cells), at most `open_cap` open at once, costs
 * scaled for paths of up to `max_steps` steps (the passable cells bound any
 * shortest path). False when memory ran out (nothing held). */
bool jo_init(JpsOpen *o, size_t count, uint32_t open_cap, uint64_t max_steps);
/* The same with node state for `slots` nodes of any ids (a power of two,
 * at least 2) and an open list for `open_cap` of them (at most 7/8 of
 * slots): memory for the nodes a search reaches, not for the map. The
 * caller keeps live below open_cap (a search that would take more gives
 * up). */
bool jo_init_sparse(JpsOpen *o, uint32_t slots, uint32_t open_cap, uint64_t max_steps);
/* Sparse, between searches: `slots` fresh slots (a power of two) in place
 * of the old ones, not yet zeroed: jo_zero_some zeroes them, up to *budget
 * slots a call (taken off it), and says when all are (no search may begin
 * before). False (unchanged) when memory ran out. */
bool jo_resize_sparse(JpsOpen *o, uint32_t slots);
bool jo_zero_some(JpsOpen *o, uint64_t *budget);
void jo_free(JpsOpen *o);
/* Writes to every page the node state holds (its contents do not
 * change), so that a search meets no page the kernel has
 * yet to map: a bounded search's store is paid for when it is sized, not a
 * page fault at a time inside the calls that first reach it. */
void jo_touch(JpsOpen *o);
/* Lets the heap hold `open_cap` nodes; grows only. False (unchanged) on failure. */
bool jo_reserve(JpsOpen *o, uint32_t open_cap);

/* Sparse: the slot of id, or the free slot where it would go. */
static inline uint32_t jo_slot(const JpsOpen *o, uint32_t id)
{
    uint32_t mask = (uint32_t)o->count - 1, h = (id * 0x9e3779b1u) >> o->shift;
    while (o->node[h].stamp == o->stamp && o->node[h].xy != id)
        h = (h + 1) & mask;
    return h;
}

/* The node of id. Sparse: a node this search has not taken comes back with
 * a stale stamp, in the slot it takes once the caller sets its stamp and
 * its xy to id. */
static inline JoNode *jo_node(JpsOpen *o, uint32_t id) { return &o->node[o->sparse ? jo_slot(o, id) : id]; }

/* The octile distance over (dx, dy) >= 0 in fixed point. */
static inline uint64_t jo_octile(const JpsOpen *o, int dx, int dy)
{
    int lo = dx < dy ? dx : dy, hi = dx < dy ? dy : dx;
    return (uint64_t)lo * o->diag + (uint64_t)(hi - lo) * o->card;
}

static inline uint64_t jo_key(const JpsOpen *o, uint64_t f, uint64_t g)
{
    uint64_t t = g >> o->tie_shift;
    return f << JO_TIE_BITS | (JO_TIE_MAX - (t < JO_TIE_MAX ? t : JO_TIE_MAX));
}

/* The open list holds node indices: the id itself (dense) or the node's
 * slot (sparse), so that moving an item costs no lookup. */
static inline uint32_t jo_index(const JpsOpen *o, const JoNode *n, uint32_t id)
{
    return o->sparse ? (uint32_t)(n - o->node) : id;
}

/* The f of the open node n (pos >= 0): its key's. */
static inline uint64_t jo_open_f(const JpsOpen *o, const JoNode *n) { return o->items[n->pos].key >> JO_TIE_BITS; }

/* Begins a search at `id` (g = 0; sparse, its xy set to id) whose start
 * heuristic is h0, its item's aux `aux`. */
void jo_start(JpsOpen *o, uint32_t id, uint64_t h0, uint32_t aux);

/* The heap's operations are inline: the search's loop (jps.c) pops and its
 * relax step pushes, and a call into another unit for each costs more than
 * the sift itself on the small open lists of game maps. Every slot from n
 * on holds JO_SENTINEL, a key above any real one. */
#define JO_ARITY 4
#define JO_SENTINEL UINT64_MAX

static inline void jo_sift_up(JpsOpen *o, uint32_t i, JoItem it)
{
    while (i > 0) {
        uint32_t parent = (i - 1) / JO_ARITY;
        if (it.key >= o->items[parent].key)
            break;
        o->items[i] = o->items[parent];
        o->node[o->items[i].id].pos = (int32_t)i;
        i = parent;
    }
    o->items[i] = it;
    o->node[it.id].pos = (int32_t)i;
}

/* Pushes the node at index idx (jo_index) with the caller's aux; the caller
 * keeps n below cap (jps_node.h relax_node). */
static inline void jo_push(JpsOpen *o, uint32_t idx, uint64_t key, uint32_t aux)
{
    jo_sift_up(o, o->n++, (JoItem){key, idx, aux});
}

/* The node at idx is open and its key is not larger than before. */
static inline void jo_decrease(JpsOpen *o, uint32_t idx, uint64_t key, uint32_t aux)
{
    jo_sift_up(o, (uint32_t)o->node[idx].pos, (JoItem){key, idx, aux});
}

/* The first smallest of the four children from `first` on: compares that do
 * not wait on each other, and indices by arithmetic on their results, as
 * GCC turns a ternary select here into a branch the data mispredicts. */
static inline uint32_t jo_best_of_four(const JoItem *c, uint32_t first)
{
    uint32_t a = first + (c[first + 1].key < c[first].key);
    uint32_t b = first + 2 + (c[first + 3].key < c[first + 2].key);
    uint32_t take_b = -(uint32_t)(c[b].key < c[a].key);
    return a ^ ((a ^ b) & take_b);
}

/* Takes the best open node off the heap and closes it; false when empty
 * (*idx, *f and *aux then 0). *idx: its index (jo_index); *f: its f
 * (the key without the tie field); *aux: its item's. */
static inline bool jo_pop(JpsOpen *o, uint32_t *idx, uint64_t *f, uint32_t *aux)
{
    if (o->n == 0) {
        *idx = 0;
        *f = 0;
        *aux = 0;
        return false;
    }
    JoItem top = o->items[0], it = o->items[--o->n];
    uint32_t n = o->n, i = 0;
    o->items[n] = (JoItem){JO_SENTINEL, 0, 0};
    for (;;) {
        uint32_t first = JO_ARITY * i + 1;
        if (first >= n)
            break;
        uint32_t child = jo_best_of_four(o->items, first); /* slots up to n + 2: sentinels */
        if (o->items[child].key >= it.key)
            break;
        o->items[i] = o->items[child];
        o->node[o->items[i].id].pos = (int32_t)i;
        i = child;
    }
    if (n > 0) {
        o->items[i] = it;
        o->node[it.id].pos = (int32_t)i;
    }
    *idx = top.id;
    *f = top.key >> JO_TIE_BITS;
    *aux = top.aux;
    o->node[*idx].pos = JO_CLOSED;
    return true;
}

#endif
