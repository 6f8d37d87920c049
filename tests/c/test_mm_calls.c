/* Issue 31: a bounded GetPath call does not run a query's stages back to
 * back (refine/refiner.c begun): no call both ends the abstract search and
 * plans a leg, on a rooms map (the regions' hierarchy) and a random map (the A*
 * costed from s and g, corridor steps). Both ran in the call after the
 * capped JPS gave up, with the hierarchy's query and its unpacking between
 * them: the longest call of dao's default maps and the rooms maps. */
#include "../../entries/mm/mm_inst.h"
#include "test.h"

static void test_mm_calls_stages_apart(T *t)
{
    const char *const maps[] = {"rooms/8room256-0", "random/random256-10-0", NULL};
    Loaded l;
    for (int m = 0; load_nth(t, maps, m, &l); m++) {
        const Entry *e;
        MmEntry *mm = prepare_spec(t, "mm", &l, &e);
        xyPath p = {0};
        int both = 0, searched = 0;
        for (int i = 0; mm && i < l.sc.count; i += t_thin(1)) {
            const ScenQuery *q = &l.sc.q[i];
            const Refiner *r = &mm->refiner;
            p.len = 0;
            for (bool done = false, fresh = true; !done; fresh = false) {
                bool before = fresh || r->stage <= STAGE_ABSTRACT; /* the abstract search not ended yet */
                uint64_t legs = r->stats.legs;
                done = e->get_path(mm, q->start, q->goal, &p);
                bool ended = before && r->stage > STAGE_ABSTRACT;
                searched += ended;
                both += ended && r->stats.legs > legs;
            }
        }
        CHECKF(t, searched > 0, "%s: no query ran the abstract search", maps[m]);
        CHECKF(t, both == 0, "%s: %d of %d calls that ended the abstract search planned a leg too", maps[m], both,
               searched);
        if (mm)
            e->destroy(mm);
        path_free(&p);
        unload(&l);
    }
}

const TestCase MM_CALLS_TESTS[] = {
    {"mm_calls_stages_apart", test_mm_calls_stages_apart},
    {NULL, NULL},
};
