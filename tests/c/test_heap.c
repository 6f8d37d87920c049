/* Indexed heap against a brute-force minimum over random pushes, decreases
 * and pops, with the f-then-larger-g order. */
#include <stdint.h>
#include <stdlib.h>

#include "../../search/heap.h"
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
        double f = (double)((lcg(&seed) >> 40) % 64), g = (double)((lcg(&seed) >> 40) % 8);
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
            double best_f = 1e300, best_g = -1;
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

const TestCase HEAP_TESTS[] = {
    {"heap_reserve_keeps_items", test_heap_reserve_keeps_items},
    {"heap_matches_brute_force", test_heap_matches_brute_force},
    {"heap_refuses_overflow", test_heap_refuses_overflow},
    {NULL, NULL},
};
