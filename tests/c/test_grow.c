/* The one growth helper (common/grow.h): the doubling sequence, the elements
 * kept across moves, and a failure that leaves the array as it was, whether
 * the byte count overflows, the heap runs out (realloc made to fail through
 * alloc_count.c) or a uint32_t capacity would be passed. */
#include <stdlib.h>

#include "../../common/grow.h"
#include "test.h"

static void test_grow_cap_doubles(T *t)
{
    CHECK(t, grow_cap(0, 1, 256) == 256);
    CHECK(t, grow_cap(0, 300, 256) == 512);
    CHECK(t, grow_cap(256, 256, 8) == 256); /* fits: unchanged */
    CHECK(t, grow_cap(256, 257, 8) == 512);
    CHECK(t, grow_cap(8, 100, 8) == 128);
    CHECK(t, grow_cap(0, 3, 0) == 4); /* first 0 counts as 1 */
    size_t big = SIZE_MAX / 2 + 1;
    CHECK(t, grow_cap(big, big + 1, 1) == big + 1); /* no wrap to 0 */
}

static void test_grow_keeps_elements(T *t)
{
    long *a = NULL;
    size_t cap = 0, seen[16], nseen = 0;
    for (long i = 0; i < 1000; i++) {
        if (!GROW(a, cap, (size_t)i + 1, 4)) {
            CHECK(t, false);
            break;
        }
        if (nseen == 0 || seen[nseen - 1] != cap)
            seen[nseen++] = cap;
        a[i] = i * 7;
    }
    CHECKF(t, nseen == 9 && seen[0] == 4 && seen[8] == 1024, "%zu capacities, last %zu", nseen, cap);
    for (size_t k = 1; k < nseen; k++)
        CHECK(t, seen[k] == 2 * seen[k - 1]);
    long bad = 0;
    for (long i = 0; i < 1000 && a; i++)
        bad += a[i] != i * 7;
    CHECK(t, bad == 0);
    free(a);
}

static void test_grow_failure_leaves_array(T *t)
{
    double *a = NULL;
    size_t cap = 0;
    if (!GROW(a, cap, 3, 4)) {
        CHECK(t, false);
        return;
    }
    a[0] = 1.5, a[1] = 2.5, a[2] = 3.5;
    double *before = a;
    long calls = alloc_calls;
    /* An absurd size: cap * elem passes SIZE_MAX, so no realloc is tried. */
    CHECK(t, !GROW(a, cap, SIZE_MAX / 4, 4));
    CHECK(t, !grow_to(&a, SIZE_MAX / sizeof *a + 1, sizeof *a));
    CHECK(t, alloc_calls == calls);
    /* Out of memory: realloc fails. */
    realloc_fail_next = 1;
    CHECK(t, !GROW(a, cap, 5, 4));
    CHECK(t, realloc_fail_next == 0 && alloc_calls == calls + 1);
    realloc_fail_next = 0;
    CHECK(t, a == before && cap == 4 && a[0] == 1.5 && a[1] == 2.5 && a[2] == 3.5);
    CHECK(t, GROW(a, cap, 5, 4) && cap == 8 && a[2] == 3.5); /* and it still grows */
    free(a);
}

static void test_grow32_limit(T *t)
{
    uint8_t *a = NULL;
    uint32_t cap = 0;
    CHECK(t, GROW32(a, cap, 5, 8) && cap == 8);
    uint8_t *before = a;
    long calls = alloc_calls;
    CHECK(t, !GROW32(a, cap, (size_t)UINT32_MAX + 1, 8));
    CHECK(t, a == before && cap == 8 && alloc_calls == calls);
    free(a);
}

const TestCase GROW_TESTS[] = {{"grow_cap_doubles", test_grow_cap_doubles},
                               {"grow_keeps_elements", test_grow_keeps_elements},
                               {"grow_failure_leaves_array", test_grow_failure_leaves_array},
                               {"grow32_limit", test_grow32_limit},
                               {NULL, NULL}};
