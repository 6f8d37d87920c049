/* Indexed heap against a brute-force minimum over random pushes, decreases
 * and pops, with the f-then-larger-g order. */
#include <stdint.h>
#include <stdlib.h>

#include <math.h>

#include "../../search/heap.h"
#include "../../search/jps_open.h"
#include "test.h"

#define N 500

typedef struct Slot {
    int32_t pos;
    bool in;
    double f, g;
} Slot;

static uint64_t lcg(uint64_t *s) { return *s = *s * 6364136223846793005ull + 1442695040888963407ull; }

static void test_heap_matches_brute_force(T *t)
{
    Slot slot[N] = {{0}};
    Heap h;
    CHECK(t, heap_init(&h, N, &slot[0].pos, sizeof slot[0]));
    uint64_t seed = 42;
    int in_heap = 0;
    for (int step = 0; step < 20000; step++) {
        int op = (int)(lcg(&seed) >> 33) % 3;
        uint32_t id = (uint32_t)((lcg(&seed) >> 33) % N);
        /* Negative keys too (mm's A* over regions and its hierarchy's
         * order push negated ties), and -0 beside 0, which tie. */
        double f = (double)((lcg(&seed) >> 40) % 64) - 16, g = (double)((lcg(&seed) >> 40) % 8) - 3;
        if (g == 0 && (lcg(&seed) >> 63))
            g = -0.0;
        if (op == 0 && !slot[id].in) {
            CHECK(t, heap_push(&h, id, f, g));
            slot[id] = (Slot){slot[id].pos, true, f, g};
            in_heap++;
        } else if (op == 1 && slot[id].in && f <= slot[id].f) {
            heap_decrease(&h, id, f, g);
            slot[id].f = f;
            slot[id].g = g;
        } else if (op == 2 && in_heap) {
            HeapItem it = heap_pop(&h);
            double best_f = 1e300, best_g = -1e300;
            for (int i = 0; i < N; i++)
                if (slot[i].in && (slot[i].f < best_f || (slot[i].f == best_f && slot[i].g > best_g))) {
                    best_f = slot[i].f;
                    best_g = slot[i].g;
                }
            CHECKF(t, it.f == best_f && it.g == (float)best_g, "step %d: popped (%g,%g), best (%g,%g)", step, it.f,
                   it.g, best_f, best_g);
            CHECK(t, slot[it.id].in && slot[it.id].f == it.f);
            slot[it.id].in = false;
            in_heap--;
        }
        CHECK(t, (int)h.n == in_heap);
    }
    heap_free(&h);
}

static void test_heap_refuses_overflow(T *t)
{
    Slot slot[2];
    Heap h;
    CHECK(t, heap_init(&h, 2, &slot[0].pos, sizeof slot[0]));
    CHECK(t, heap_push(&h, 0, 1, 0) && heap_push(&h, 1, 0, 0));
    CHECK(t, !heap_push(&h, 0, 2, 0));
    CHECK(t, heap_pop(&h).id == 1 && heap_pop(&h).id == 0 && heap_empty(&h));
    heap_free(&h);
}

/* Growing a full heap keeps its items and their slots: decrease-key still
 * finds them, and the order holds after pushes past the old capacity. */
static void test_heap_reserve_keeps_items(T *t)
{
    Slot slot[6];
    Heap h;
    CHECK(t, heap_init(&h, 3, &slot[0].pos, sizeof slot[0]));
    CHECK(t, heap_push(&h, 0, 5, 0) && heap_push(&h, 1, 3, 0) && heap_push(&h, 2, 4, 0));
    CHECK(t, !heap_push(&h, 3, 1, 0));
    CHECK(t, heap_reserve(&h, 2) && h.cap == 3); /* never shrinks */
    CHECK(t, heap_reserve(&h, 6) && h.cap == 6 && h.n == 3);
    heap_decrease(&h, 0, 2, 0);
    CHECK(t, heap_push(&h, 3, 1, 0) && heap_push(&h, 4, 6, 0) && heap_push(&h, 5, 3.5, 0));
    uint32_t want[] = {3, 0, 1, 5, 2, 4};
    for (int i = 0; i < 6; i++)
        CHECKF(t, heap_pop(&h).id == want[i], "pop %d", i);
    CHECK(t, heap_empty(&h));
    heap_free(&h);
}

/* JPS+'s open list against a brute-force minimum of keys, over several
 * searches that each leave nodes open (the next jo_start must forget them:
 * sift-down reads the slots past the heap's end as sentinels); a pop gives
 * back the aux its node's latest push or decrease kept. */
static void test_jps_open_matches_brute_force(T *t)
{
    enum { M = 300 };
    static uint64_t key[M];
    static bool in[M];
    static uint32_t aux[M];
    JpsOpen o;
    CHECK(t, jo_init(&o, M, M, 512 * 512));
    uint64_t seed = 7;
    for (int search = 0; search < 4; search++) {
        for (int i = 0; i < M; i++)
            in[i] = false;
        uint32_t start = (uint32_t)((lcg(&seed) >> 33) % M);
        jo_start(&o, start, 1000, 77);
        key[start] = jo_key(&o, 1000, 0);
        aux[start] = 77;
        in[start] = true;
        int in_heap = 1;
        for (int step = 0; step < 6000; step++) {
            int op = (int)(lcg(&seed) >> 33) % 3;
            uint32_t id = (uint32_t)((lcg(&seed) >> 33) % M);
            uint64_t k = jo_key(&o, 1 + (lcg(&seed) >> 40) % 63, (lcg(&seed) >> 40) % 4096);
            bool fresh = o.node[id].stamp != o.stamp;
            if (op == 0 && fresh) {
                o.node[id] = (JoNode){.stamp = o.stamp};
                jo_push(&o, id, k, (uint32_t)step);
                key[id] = k;
                aux[id] = (uint32_t)step;
                in[id] = true;
                in_heap++;
            } else if (op == 1 && in[id] && k <= key[id]) {
                jo_decrease(&o, id, k, (uint32_t)step);
                key[id] = k;
                aux[id] = (uint32_t)step;
            } else if (op == 2 && in_heap) {
                uint32_t got, got_aux;
                uint64_t f;
                CHECK(t, jo_pop(&o, &got, &f, &got_aux));
                uint64_t best = UINT64_MAX;
                for (int i = 0; i < M; i++)
                    if (in[i] && key[i] < best)
                        best = key[i];
                CHECKF(t, in[got] && key[got] == best && f == best >> JO_TIE_BITS, "search %d step %d", search, step);
                CHECK(t, o.node[got].pos == JO_CLOSED && got_aux == aux[got]);
                in[got] = false;
                in_heap--;
            }
            CHECK(t, (int)o.n == in_heap);
        }
        /* Leave every other node open with keys below any of the next
         * search: a slot the next one reads past its end would win. */
        for (uint32_t id = 0; id < M; id++)
            if (!in[id]) {
                o.node[id] = (JoNode){.stamp = o.stamp};
                jo_push(&o, id, jo_key(&o, 0, id), 0);
            }
    }
    jo_free(&o);
}

/* The fixed-point unit: 2^31 per cardinal step on a 512 x 512 map, never
 * below 2^23 on the largest grid, the diagonal within half a unit of
 * sqrt(2), and keys ordered by f, then by the larger g. */
static void test_jps_open_costs(T *t)
{
    const uint64_t sizes[] = {512 * 512 + 1024, (uint64_t)8194 * 8194 + 16384};
    const int want_k[] = {31, 23};
    for (int i = 0; i < 2; i++) {
        JpsOpen o;
        CHECK(t, jo_init(&o, 4, 4, sizes[i]));
        CHECKF(t, o.k == want_k[i] && o.card == (uint64_t)1 << o.k, "k %d", o.k);
        CHECK(t, fabs((double)o.diag - sqrt(2.0) * (double)o.card) <= 0.5);
        CHECK(t, jo_octile(&o, 3, 5) == 3 * o.diag + 2 * o.card && jo_octile(&o, 5, 3) == jo_octile(&o, 3, 5));
        /* The largest f of such a map still fits its field. */
        uint64_t f_max = 4 * sizes[i] * o.card;
        CHECK(t, (f_max >> JO_F_BITS) == 0);
        jo_start(&o, 0, 100 * o.card, 0);
        CHECK(t, jo_key(&o, 5, 0) < jo_key(&o, 6, 1000 * o.card));
        CHECK(t, jo_key(&o, 6, 50 * o.card) < jo_key(&o, 6, 10 * o.card));
        jo_free(&o);
    }
}

/* The key heap against a brute-force minimum over random pushes (equal
 * keys too) and pops, grown from none as it fills; a full one refuses a
 * push. */
static void test_keyheap_matches_brute_force(T *t)
{
    enum { M = 200 };
    static uint64_t in[M];
    KeyHeap h = {0};
    uint64_t seed = 11;
    uint32_t n = 0;
    CHECK(t, keyheap_reserve(&h, 3) && h.cap == 3);
    for (int step = 0; step < 8000; step++) {
        bool push = n == 0 || (n < M && (lcg(&seed) >> 62) != 0);
        if (push) {
            if (h.n == h.cap) {
                CHECK(t, !keyheap_push(&h, 1));
                CHECK(t, keyheap_reserve(&h, 2 * h.cap) && h.n == n);
            }
            uint64_t k = (lcg(&seed) >> 44) << 32 | (lcg(&seed) >> 60);
            CHECK(t, keyheap_push(&h, k));
            in[n++] = k;
        } else {
            uint32_t best = 0;
            for (uint32_t i = 1; i < n; i++)
                best = in[i] < in[best] ? i : best;
            uint64_t got = keyheap_pop(&h);
            CHECKF(t, got == in[best], "step %d: popped %llx, least %llx", step, (unsigned long long)got,
                   (unsigned long long)in[best]);
            in[best] = in[--n];
        }
        CHECK(t, h.n == n);
    }
    keyheap_free(&h);
    CHECK(t, h.keys == NULL && h.n == 0 && h.cap == 0);
}

/* The heaps take their lines with aligned_alloc: the tests' allocation
 * hooks (alloc_count.c) see it as they see malloc, so a test that counts a
 * search's allocations counts a heap grown inside it. */
static void test_heap_aligned_alloc_counted(T *t)
{
    Slot slot[1000];
    Heap h;
    long before = alloc_calls;
    alloc_largest = 0;
    CHECK(t, heap_init(&h, 1000, &slot[0].pos, sizeof slot[0]));
    CHECKF(t, alloc_calls == before + 1 && alloc_largest >= 1000 * sizeof(HeapItem), "%ld allocations, largest %zu",
           alloc_calls - before, alloc_largest);
    heap_free(&h);
}

const TestCase HEAP_TESTS[] = {
    {"keyheap_matches_brute_force", test_keyheap_matches_brute_force},
    {"heap_reserve_keeps_items", test_heap_reserve_keeps_items},
    {"heap_matches_brute_force", test_heap_matches_brute_force},
    {"heap_refuses_overflow", test_heap_refuses_overflow},
    {"jps_open_matches_brute_force", test_jps_open_matches_brute_force},
    {"jps_open_costs", test_jps_open_costs},
    {"heap_aligned_alloc_counted", test_heap_aligned_alloc_counted},
    {NULL, NULL},
};
