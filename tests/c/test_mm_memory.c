/* The mm entry's memory: the profile each kind of map gets and what it
 * sets, mm_bytes as the sum of its parts, and searches sized at prepare
 * (GetPath allocates nothing for them but where the contract says it
 * grows). */
#include <stdlib.h>
#include <string.h>

#include "../../Entry.h"
#include "../../entries/mm/mm_profile.h"
#include "../../grid/scen.h"
#include "../../grid/validate.h"
#include "test.h"

/* The profile rules (entries/mm/mm_profile.c) on the kinds of the maps
 * they were drawn from: each lands where its measurements put it, and each
 * profile's values are what it says it changes. */
static void test_mm_profiles(T *t)
{
    static const struct {
        MapKind k;
        const char *profile;
    } cases[] = {
        {{1.50, 0.0, 1.54, 1024, true, true, 8, 0, 0}, "corridors"},           /* a maze of 8-wide corridors */
        {{1.90, 0.0, 4.00, 1024, true, false, 2, 0, 0}, "narrow-corridors"},   /* 2-wide corridors */
        {{1.02, 0.0, 1.54, 1024, true, true, 32, 1001, 0}, "broad-corridors"}, /* 32-wide corridors: two sectors */
        {{1.02, 0.0, 1.54, 1024, true, true, 31, 0, 0}, "wide-corridors"},     /* narrower than two sectors */
        {{1.02, 0.0, 1.54, 1024, true, true, 16, 0, 0}, "wide-corridors"},     /* 16-wide: a sector's side */
        {{1.02, 0.0, 1.54, 1024, true, true, 15, 0, 0}, "corridors"},          /* narrower than a sector */
        {{1.90, 0.0, 7.00, 1024, false, false, 1, 0, 0}, "narrow-corridors"},  /* 1-wide corridors */
        {{1.02, 0.0045, 1.72, 1024, true, true, 40, 0, 0}, "default"},         /* lone pillars: not a maze */
        {{1.40, 0.0, 1.39, 1024, true, true, 7, 0, 0}, "small-rooms"},         /* 8room */
        {{1.20, 0.0, 1.10, 1024, true, true, 15, 0, 0}, "sector-rooms"},       /* 16room */
        {{1.40, 0.13, 1.20, 1024, true, true, 5, 0, 0}, "cluttered"},          /* random 35 % */
        {{1.08, 0.02, 1.05, 1024, true, true, 12, 0, 0}, "scattered"},         /* random 10 % */
        {{1.08, 0.0, 1.05, 1024, false, false, 1, 0, 0}, "no-diagonals"},      /* open, but no 2 x 2 block */
        {{1.40, 0.0, 7.00, 192, false, false, 1, 1000, 0}, "small-map"}, /* anything of 192 sectors, few corners */
        {{1.02, 0.0, 1.10, 192, true, true, 30, 1001, 0}, "default"},    /* more corners: the abstract route pays */
        {{1.02, 0.0, 1.10, 384, true, true, 30, 0, 0}, "small-map"},     /* a larger map of the default kind */
        {{1.02, 0.0, 1.10, 385, true, true, 30, 500, 0}, "default"},     /* more sectors than the small route takes */
        {{1.40, 0.0, 1.39, 256, true, true, 7, 0, 0}, "small-rooms"},    /* another kind: at most 192 sectors */
        {{1.13, 0.0, 1.10, 1024, true, true, 30, 2000, 0}, "default"},   /* the dao map that detours most */
        {{1.19, 0.39, 1.50, 25, true, true, 3, 5000, 0}, "small-map"},   /* tiny: any corners */
        {{1.19, 0.39, 1.50, 26, true, true, 3, 5000, 0}, "sparse-cluttered"}, /* more sectors than tiny */
        {{1.27, 0.29, 1.25, 1024, true, true, 5, 0, 0}, "sparse-cluttered"},  /* random 25 % */
        {{1.37, 0.20, 1.25, 1024, true, true, 5, 0, 0}, "loose-cluttered"},   /* random 30 % */
        {{1.02, 0.0, 1.54, 1024, true, true, 32, 1000, 0}, "small-map"},      /* the 32-wide mazes: few corners */
        {{1.03, 0.0, 0.96, 1024, true, true, 31, 791, 0}, "large-rooms"},     /* 32room: walls on a grid */
        {{1.01, 0.0, 1.30, 1024, true, true, 63, 169, 0}, "open-rooms"},      /* 64room: few corners */
        {{1.01, 0.0, 1.30, 1024, true, true, 63, 1025, 0}, "default"},        /* more corners than sectors */
        {{1.02, 0.0, 0.51, 1024, true, true, 40, 700, 0}, "default"},         /* dao: fewer regions a sector */
        {{1.03, 0.0, 0.96, 384, true, true, 31, 791, 0}, "small-map"},        /* as default: 384 sectors, few corners */
        {{1.40, 0.05, 1.20, 1024, true, true, 5, 0, 0}, "loose-cluttered"},   /* random 40 %: obstacles clump */
        {{1.03, 0.0, 0.51, 120, true, true, 20, 748, 504}, "default"},   /* ost002d: dense, queries past the reach */
        {{1.03, 0.0, 0.51, 120, true, true, 20, 748, 384}, "small-map"}, /* as dense, none past the reach */
        {{1.03, 0.0, 0.51, 120, true, true, 20, 400, 504}, "small-map"}, /* fewer corners a sector */
    };
    for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
        const MmProfile *p = mm_profile_choose(&cases[i].k, -1);
        CHECKF(t, !strcmp(p->name, cases[i].profile), "case %zu: %s, not %s", i, p->name, cases[i].profile);
    }
    /* Held to fit: the 8-wide mazes' memo whole, the wider ones' halved
     * down to 256, the narrow and other maps not at all. */
    CHECK(t, mm_profile_fit_memo_least(mm_profile_choose(&cases[0].k, -1)) == 1024 &&
                 mm_profile_fit_memo_least(mm_profile_choose(&cases[2].k, -1)) == 256 &&
                 mm_profile_fit_memo_least(mm_profile_choose(&cases[4].k, -1)) == 256 &&
                 !mm_profile_fit_memo_least(mm_profile_choose(&cases[1].k, -1)) &&
                 !mm_profile_fit_memo_least(mm_profile_default()));
    MapKind maze = cases[0].k;
    maze.nsectors = 192;
    maze.corners = 2000;
    CHECK(t, !strcmp(mm_profile_choose(&maze, 2000)->name, "small-map") &&
                 !strcmp(mm_profile_choose(&maze, 1999)->name, "corridors"));
    MmConfig c, d;
    mm_profile_config(mm_profile_default(), &d);
    mm_profile_config(mm_profile_choose(&cases[1].k, -1), &c);
    CHECK(t, d.sector == 16 && d.refine.hold == 16 && d.refine.smooth && d.refine.routes.near == 32 &&
                 !d.refine.ahead && d.refine.weight == 1.0 && d.refine.first_hold == 4);
    CHECK(t, c.refine.hold == 64 && c.refine.joint == 1 && c.refine.back == 1 && c.refine.routes.near == 0 &&
                 c.refine.routes.jps_cap == 0 && !c.refine.smooth);
    /* the default row's JPS reach and far cap alone */
    CHECK(t, d.refine.routes.jps_reach > 0 && d.refine.routes.far_cap > 0 && !c.refine.routes.jps_reach &&
                 !c.refine.routes.far_cap);
    mm_profile_config(mm_profile_choose(&cases[10].k, -1), &c);
    /* Corridor steps: the first cells go out sooner, after a first step
     * that looks less far than the later ones on cluttered maps. */
    CHECK(t, c.refine.ahead == 7 && c.ahead == 7 && c.sector == 12 && c.refine.routes.jps_cap == 1024 &&
                 c.refine.weight > 1.0 && c.refine.first_hold < c.refine.hold && c.refine.first_ahead == 5 &&
                 c.refine.corridor_nodes > 0 && c.refine.routes.jps_nodes == c.refine.corridor_nodes &&
                 c.refine.routes.jps_tiles > 0);
    /* Obstacles mostly alone: sectors of 16, the corridor searches bounded,
     * a first step 4 regions ahead (of 16 cells as far as 5 of 12); more
     * alone still, the later steps look one region further. */
    mm_profile_config(mm_profile_choose(&cases[22].k, -1), &c);
    CHECK(t, c.sector == 16 && c.refine.ahead == 7 && c.refine.routes.jps_cap == 2048 && c.refine.weight > 1.0 &&
                 c.refine.corridor_nodes > 0 && c.refine.routes.jps_nodes == c.refine.corridor_nodes &&
                 c.refine.first_ahead == 4);
    mm_profile_config(mm_profile_choose(&cases[21].k, -1), &c);
    CHECK(t, c.sector == 16 && c.refine.ahead == 8 && c.refine.corridor_nodes > 0 && c.refine.first_ahead == 4 &&
                 !c.refine.routes.skip_gave_up);
    mm_profile_config(mm_profile_choose(&cases[11].k, -1), &c);
    CHECK(t, c.refine.ahead == 3 && c.refine.routes.jps_cap == 512 && c.refine.weight == 1.0 &&
                 c.refine.first_ahead > c.refine.ahead); /* the first step looks further */
    mm_profile_config(mm_profile_choose(&cases[0].k, -1), &c);
    CHECK(t, c.refine.joint == 2 && c.refine.back == 2 && c.refine.smooth && c.refine.hold == 64);
    mm_profile_config(mm_profile_choose(&cases[3].k, -1), &c); /* as corridors but the cells held */
    CHECK(t, c.refine.joint == 2 && c.refine.back == 2 && c.refine.smooth && c.refine.hold == 16 &&
                 c.refine.routes.jps_cap == 0 && c.refine.routes.near == 0 && !c.refine.skip);
    mm_profile_config(mm_profile_choose(&cases[2].k, -1), &c); /* as wide-corridors, the centers skipped */
    CHECK(t, c.refine.joint == 3 && c.refine.back == 3 && c.refine.hold == 16 && c.refine.skip == 2 && !d.refine.skip);
    /* Rooms through centers: the first joint holds fewer cells; the large
     * rooms' later joints more, the default row's sectors and memo. */
    mm_profile_config(mm_profile_choose(&cases[24].k, -1), &c);
    CHECK(t, c.sector == 16 && c.refine.hold == 20 && c.refine.first_hold == 4 && c.refine.smooth &&
                 c.refine.routes.jps_cap == d.refine.routes.jps_cap && c.refine.routes.skip_gave_up &&
                 mm_profile_choose(&cases[24].k, -1)->memo_max == mm_profile_default()->memo_max);
    /* ... and until a query's first 20 steps are out, every joint, as the
     * default row's; their JPS tries keep a credit per band of distance,
     * the default row's do not. */
    CHECK(t, c.refine.first_steps == 20 && c.refine.routes.bands > 0 && d.refine.first_steps == 20 &&
                 !d.refine.routes.bands);
    mm_profile_config(mm_profile_choose(&cases[8].k, -1), &c);
    CHECK(t, c.sector == 6 && c.refine.hold == 16 && c.refine.first_hold == 4);
    /* A key given overrides the profile; `auto` keeps its value. */
    EntryOpts o;
    Err err;
    const Entry *e;
    CHECK(t, entry_parse_spec("mm:hold=5,sector=auto,refine=auto", &e, &o, &err));
    mm_profile_config(mm_profile_choose(&cases[1].k, -1), &d);
    CHECK(t, mm_options_parse(&o, &d, &c, &err) && c.refine.hold == 5 && c.refine.joint == 1 && c.sector == 16 &&
                 c.refine.ahead == 0);
}

/* Prepare takes what every search may need (refine/routes.h) but the A*'s
 * pages and the JPS's node state: the A* takes a center leg's pages at its
 * first search and doubles them a few times at most, when a search (a
 * box's) reaches more sectors (refine/legplan.h), and the JPS's hashed
 * state only when a search
 * found it full and began again (search/jps.h jps_grow: jps_grown, a few
 * doublings), on a map that tries JPS capped and takes the box and the
 * guard, and on one that takes corridor steps; and the capped JPS's state
 * follows what its cap lets a search reach, not the map. Prepare's own
 * warm-up query (entries/mm/mm_entry.c) may grow them as any query does. */
static void test_mm_searches_sized_at_prepare(T *t)
{
    const char *const maps[] = {"rooms/16room256-0", "random/random256-40-0", NULL};
    Loaded l;
    for (int m = 0; load_nth(t, maps, m, &l); m++) {
        const Entry *e;
        void *inst = prepare_spec(t, "mm", &l, &e);
        double legs = inst ? entry_counter(e, inst, "mm_bytes_legs") : 0;
        /* Without its turn bits, which the grow gate may give back (mm_gate.c). */
        double jps = inst ? entry_counter(e, inst, "mm_bytes_jps") - entry_counter(e, inst, "jps_turn_bytes") : 0;
        double grown_at_prepare = inst ? entry_counter(e, inst, "jps_grown") : 0; /* by its warm-up query */
        double tiles = inst ? entry_counter(e, inst, "jps_tiles") : 0;
        xyPath p = {0};
        for (int i = 0; inst && i < l.sc.count; i += t_thin(3))
            run_query(t, e, inst, &l.sc.q[i], &p);
        if (inst) {
            bool boxed = entry_counter(e, inst, "guarded") + entry_counter(e, inst, "near") > 0;
            double legs_after = entry_counter(e, inst, "mm_bytes_legs");
            double grown = entry_counter(e, inst, "jps_grown"),
                   jps_after = entry_counter(e, inst, "mm_bytes_jps") - entry_counter(e, inst, "jps_turn_bytes");
            CHECKF(t,
                   (boxed ? legs_after > legs : legs_after >= legs) &&
                       (entry_counter(e, inst, "jps_tiles") != tiles || /* its columns tiled: other bytes */
                        (grown > grown_at_prepare ? jps_after > jps : jps_after <= jps)) &&
                       grown <= 16 && entry_counter(e, inst, "leg_page_grows") <= 5,
                   "%s: legs %.0f -> %.0f bytes, jps %.0f -> %.0f (grown %.0f), %.0f page grows", maps[m], legs,
                   legs_after, jps, jps_after, grown, entry_counter(e, inst, "leg_page_grows"));
            e->destroy(inst);
        }
        path_free(&p);
        unload(&l);
    }
    if (!load_named(t, "rooms/16room256-0", &l))
        return;
    const Entry *e;
    void *small = prepare_spec(t, "mm:jps=16", &l, &e), *big = prepare_spec(t, "mm:jps=4096", &l, &e);
    double small_first = small ? entry_counter(e, small, "mm_bytes_jps") : 0;
    xyPath p = {0};
    for (int i = 0; small && big && i < l.sc.count; i += t_thin(3)) {
        run_query(t, e, small, &l.sc.q[i], &p);
        run_query(t, e, big, &l.sc.q[i], &p);
    }
    path_free(&p);
    if (small && big) /* jps=16's bound is what it starts with: it never grows (the grow gate may tile its rows) */
        CHECKF(t,
               entry_counter(e, small, "mm_bytes_jps") <= small_first &&
                   entry_counter(e, small, "mm_bytes_jps") < entry_counter(e, big, "mm_bytes_jps"),
               "JPS state %.0f -> %.0f bytes at jps=16, %.0f at jps=4096", small_first,
               entry_counter(e, small, "mm_bytes_jps"), entry_counter(e, big, "mm_bytes_jps"));
    if (small)
        e->destroy(small);
    if (big)
        e->destroy(big);
    unload(&l);
}

/* #31's budget for map g: 64 KiB and 3 bits a cell (spelled here, not read
 * from mm, so that the tests check the issue's number, not mm's copy). */
static double issue_budget(const Grid *g) { return 65536.0 + (double)((size_t)g->width * (size_t)g->height * 3 / 8); }

/* Benchmark map `name` prepared by mm and its queries run (a sample under
 * the sanitizers, t_thin); the instance, or NULL (skipped without the
 * benchmarks, or failed: said). The caller destroys it and unloads l. */
static void *mm_after_queries(T *t, const char *name, Loaded *l, const Entry **e)
{
    if (!load_bench(t, name, l))
        return NULL;
    void *inst = prepare_spec(t, "mm", l, e);
    xyPath p = {0};
    for (int i = 0; inst && i < l->sc.count; i += t_thin(1))
        run_query(t, *e, inst, &l->sc.q[i], &p);
    path_free(&p);
    if (!inst)
        unload(l);
    return inst;
}

/* A dao map within its budget without turn bits stays within it with them:
 * on den600d the instance fits 9/10 of its budget at prepare only while its
 * joint memo is small, so turn bits sized against that memo (and a JPS given
 * the whole rest of the budget as room) ended the run 1.23x over once the
 * memo grew. And it keeps them: with its memo counted at its most it holds
 * under 97/100 of its budget with them, and no part grows past that line
 * (a share of 9/10 left them out; entries/mm/mm_budget.c; benchmark map;
 * skipped without it). */
static void test_mm_turns_leave_room(T *t)
{
    Loaded l;
    const Entry *e;
    void *inst = mm_after_queries(t, "dao/den600d", &l, &e);
    if (!inst)
        return;
    double budget = issue_budget(&l.g), held = entry_counter(e, inst, "mm_bytes");
    double turns = entry_counter(e, inst, "jps_turn_bytes");
    CHECKF(t, held > 0 && held <= budget, "den600d: mm_bytes %.0f against a budget of %.0f (turn bits %.0f)", held,
           budget, turns);
    CHECKF(t, turns > 0, "den600d: turn bits given back (mm_bytes %.0f, budget %.0f)", held, budget);
    e->destroy(inst);
    unload(&l);
}

/* A map that passes 97/100 of its budget as its queries run (32room_000:
 * its legs' pages and edge cache grow) tiles its JPS's transposed rows
 * then and ends within its budget (hrt000d did until the leg planner's
 * sector marks took a byte each and its A*'s block maps came with its
 * first search, search/astar.h; den200d did until the JPS's nodes took
 * 16 bytes, search/jps_open.h, den200n until a packed map's rows kept no
 * zero word each, grid/grid.h, brc000d until the regions' hierarchy took
 * half the bytes, refine/abs_ch_order.c, orz100d until its records took
 * fewer bits, refine/abs_ch_pack.c; benchmark map; skipped without it).
 * Checked
 * in the plain build only: the sanitized build runs a sample of the
 * queries (t_thin), whose instance grows otherwise (its legs' pages and
 * edge cache follow the queries run: the sample ends 1.11x over, tiled). */
static void test_mm_tiles_within_budget(T *t)
{
    Loaded l;
    const Entry *e;
    void *inst = mm_after_queries(t, "rooms/32room_000", &l, &e);
    if (!inst)
        return;
    double budget = issue_budget(&l.g), held = entry_counter(e, inst, "mm_bytes");
    double tiles = entry_counter(e, inst, "jps_tiles");
    CHECKF(t, T_SANITIZED || (held > 0 && held <= budget),
           "32room_000: mm_bytes %.0f against a budget of %.0f (JPS tiles %.0f)", held, budget, tiles);
    CHECKF(t, T_SANITIZED || tiles > 0, "32room_000: the JPS kept its whole transposed rows (mm_bytes %.0f)", held);
    e->destroy(inst);
    unload(&l);
}

/* Dao maps whose joint memo's last doubling would take them past 97/100
 * of their budget end within it (mm_budget.c and mm_gate.c, the grow gate): lak512d
 * tiled its JPS's transposed rows before that doubling (tiled only at the
 * next 4th query's check, after it, it ended 1.002x over, and held 1.04x
 * while the doubling held the old table besides). It ends within a few
 * bytes of the line, so a few bytes more or less in the instance decide
 * whether it tiles; it is checked as it is, tiled. No dao map keeps its memo below its most any more (brc000d
 * and lak505d did, refusing doublings, until a packed map's rows kept no
 * zero word each, grid/grid.h, and the regions' hierarchy took half the
 * bytes, refine/abs_ch_order.c). The memo's blocks are asked for at
 * prepare (refine/window.h win_memo_reserve), so no doubling asks while
 * queries run: on the embedded 16room256-0, which passes the line by its
 * hierarchy, the gate made room by tiling the JPS at that ask, and no
 * doubling is refused later (refusing, as when the memo asked inside its
 * calls, delayed the same doublings; the refusal itself:
 * window_memo.window_joint_memo_reserved). Benchmark maps, skipped without
 * them; the plain build only, as above. */
static void test_mm_memo_within_budget(T *t)
{
    static const struct {
        const char *map;
        bool tiled, refused;
    } CASES[] = {{"dao/lak512d", true, false}};
    for (size_t i = 0; i < sizeof CASES / sizeof *CASES; i++) {
        Loaded l;
        const Entry *e;
        void *inst = mm_after_queries(t, CASES[i].map, &l, &e);
        if (!inst)
            return;
        double budget = issue_budget(&l.g), held = entry_counter(e, inst, "mm_bytes");
        double tiles = entry_counter(e, inst, "jps_tiles"), refused = entry_counter(e, inst, "memo_refused");
        CHECKF(t, T_SANITIZED || (held > 0 && held <= budget),
               "%s: mm_bytes %.0f against a budget of %.0f (JPS tiles %.0f, memo doublings refused %.0f)", CASES[i].map,
               held, budget, tiles, refused);
        CHECKF(t, T_SANITIZED || ((tiles > 0) == CASES[i].tiled && (refused > 0) == CASES[i].refused),
               "%s: JPS tiles %.0f, memo doublings refused %.0f", CASES[i].map, tiles, refused);
        e->destroy(inst);
        unload(&l);
    }
    Loaded l;
    if (!load_named(t, "rooms/16room256-0", &l))
        return;
    const Entry *e;
    void *inst = prepare_spec(t, "mm", &l, &e);
    xyPath p = {0};
    for (int i = 0; inst && i < l.sc.count; i++)
        run_query(t, e, inst, &l.sc.q[i], &p);
    path_free(&p);
    CHECKF(t,
           T_SANITIZED || !inst ||
               (entry_counter(e, inst, "memo_refused") == 0 && entry_counter(e, inst, "jps_tiles") > 0),
           "16room256-0: memo doublings refused %.0f, JPS tiles %.0f (memo_entries %.0f)",
           entry_counter(e, inst, "memo_refused"), entry_counter(e, inst, "jps_tiles"),
           entry_counter(e, inst, "memo_entries"));
    if (inst)
        e->destroy(inst);
    unload(&l);
}

/* Maps whose growing parts pass 97/100 of their budget as their queries
 * run have their JPS's transposed rows tiled before that growth, by the
 * grow gate their parts ask (entries/mm/mm_gate.c mm_gate_parts): what
 * each held when it tiled, its peak (mm_bytes with mm_bytes_peak), stays
 * under that line, counted as mm counts it (a hundredth of the budget, in
 * whole bytes, 97 times): 32room_000, whose legs' pages and edge cache
 * grow. hrt000d's legs' pages and JPS node state, tiled only at the next
 * 4th query's check, after the growth, had held 0.975 of its budget; it no
 * longer nears the line since the leg planner's marks take a byte a
 * sector (nor do orz300d, whose edge cache asking nothing ended 13 bytes
 * past the line, since the regions' hierarchy takes less,
 * refine/abs_ch_order.c, and orz100d, which tiled as it grew, since its
 * records take fewer bits, refine/abs_ch_pack.c) (benchmark maps; skipped
 * without them; the plain build only, as above). */
static void test_mm_grow_gate_tiles_first(T *t)
{
    static const char *const MAPS[] = {"rooms/32room_000"};
    for (size_t i = 0; i < sizeof MAPS / sizeof *MAPS; i++) {
        Loaded l;
        const Entry *e;
        void *inst = mm_after_queries(t, MAPS[i], &l, &e);
        if (!inst)
            return;
        double line = (double)((size_t)issue_budget(&l.g) / 100 * 97), held = entry_counter(e, inst, "mm_bytes");
        double peak = entry_counter(e, inst, "mm_bytes_peak"), tiles = entry_counter(e, inst, "jps_tiles");
        CHECKF(t, T_SANITIZED || (tiles > 0 && peak > 0 && held <= line),
               "%s: peak %.0f bytes (mm_bytes_peak %.0f) against the line %.0f; JPS tiles %.0f", MAPS[i], held, peak,
               line, tiles);
        e->destroy(inst);
        unload(&l);
    }
}

/* mm_bytes is the sum of its parts, and grows with the edge cache. */
static void test_mm_bytes_parts(T *t)
{
    Loaded l;
    if (!load_named(t, "rooms/16room256-0", &l))
        return;
    const Entry *e;
    void *inst = prepare_spec(t, "mm:jps=0,small=0,near=0", &l, &e);
    xyPath p = {0};
    Counters before = {0}, after = {0};
    for (int i = 0; inst && i < l.sc.count && i < 400; i++) {
        run_query(t, e, inst, &l.sc.q[i], &p);
        if (i == 3)
            e->counters(inst, &before, true);
    }
    if (inst) {
        e->counters(inst, &after, true);
        e->destroy(inst);
    }
    const Counters *cs[2] = {&before, &after};
    for (int i = 0; i < 2; i++) {
        double sum = 0;
        int parts = 0;
        for (int k = 0; k < cs[i]->n; k++)
            if (!strncmp(cs[i]->extra[k].key, "mm_bytes_", 9)) {
                sum += cs[i]->extra[k].value;
                parts++;
            }
        double total = counter_of(cs[i], "mm_bytes");
        CHECKF(t, parts >= 10 && total > 0 && sum == total, "mm_bytes=%.0f, its %d parts sum to %.0f", total, parts,
               sum);
        CHECKF(t, counter_of(cs[i], "mm_bytes_map") >= (double)(l.g.width * l.g.height) / 8, "map part too small");
    }
    /* The cache's room taken at prepare (mm_cache_reserve) is a share of what its legs take: it grows past it. */
    CHECKF(t,
           counter_of(&after, "mm_bytes_cache") > counter_of(&before, "mm_bytes_cache") &&
               counter_of(&after, "mm_bytes") > counter_of(&before, "mm_bytes"),
           "the edge cache filled but mm_bytes_cache stayed %.0f -> %.0f", counter_of(&before, "mm_bytes_cache"),
           counter_of(&after, "mm_bytes_cache"));
    path_free(&p);
    unload(&l);
}

/* The 64 x 64 map with a fifth of its cells blocked (entry_util.c
 * load_small_cluttered), prepared by `spec` and asked queries across it,
 * ends within its budget. */
static void small_cluttered_within_budget(T *t, const char *spec)
{
    Loaded l;
    if (!load_small_cluttered(&l))
        return;
    const Entry *e;
    void *inst = prepare_spec(t, spec, &l, &e);
    if (inst) {
        run_mirrored_queries(t, e, inst, &l, 7, 5);
        double budget = issue_budget(&l.g), held = entry_counter(e, inst, "mm_bytes");
        CHECKF(t, held > 0 && held <= budget, "64 x 64, a fifth blocked, %s: mm_bytes %.0f against a budget of %.0f",
               spec, held, budget);
        e->destroy(inst);
    }
    grid_free(&l.g);
}

/* A tiny map the capped JPS's profiles would take (64 x 64 cells, a fifth
 * of them blocked: cluttered, more corners than small-map's rule takes)
 * ends within its budget on small-map, which tiny maps take whatever
 * their corners (entries/mm/mm_profile.c SMALL_MAP_TINY). */
static void test_mm_tiny_cluttered_within_budget(T *t) { small_cluttered_within_budget(t, "mm"); }

/* The same map with small-map off (small=0): its cluttered profile's
 * capped JPS route ends within the budget too, as its node state is
 * hashed and holds what its searches reach (search/jps_state.c); per cell
 * it held 224 KB there. */
static void test_mm_capped_tiny_within_budget(T *t) { small_cluttered_within_budget(t, "mm:small=0"); }

/* A random map of 35 per cent blocked (the cluttered profile): its
 * route's JPS keeps its transposed rows as tiles from prepare on, so the
 * instance never held the whole copy (no peak part above what it holds at
 * the end), and its node state, shared by the route's try and the
 * corridor steps, stays at what 1024 slots hold (entries/mm/mm_profile_config.c
 * CLUTTERED_NODES): with 2048 the JPS part alone took more than twice
 * the slots' bytes checked here. And the whole instance ends within its
 * budget, which it passed by about 5 KiB while its region search's open
 * list took 16 bytes an entry and its kept-edge counts a byte a region,
 * and its corridor steps kept an edge cache they never read. Benchmark
 * map, skipped without it (its queries sampled under the sanitizers). */
static void test_mm_cluttered_jps_held(T *t)
{
    Loaded l;
    const Entry *e;
    void *inst = mm_after_queries(t, "random/random512-35-6", &l, &e);
    if (!inst)
        return;
    double peak = entry_counter(e, inst, "mm_bytes_peak"), jps = entry_counter(e, inst, "mm_bytes_jps");
    CHECKF(t, peak == 0 && entry_counter(e, inst, "jps_tiles") > 0,
           "random512-35-6: %.0f bytes more held before the JPS tiled", peak);
    CHECKF(t, jps > 0 && jps < 2048 * 16,
           "random512-35-6: the JPS holds %.0f bytes: its node state doubled past 1024 slots", jps);
    double budget = issue_budget(&l.g), held = entry_counter(e, inst, "mm_bytes");
    CHECKF(t, held > 0 && held <= budget && entry_counter(e, inst, "mm_bytes_cache") == 0,
           "random512-35-6: mm_bytes %.0f against a budget of %.0f (edge cache %.0f, region search %.0f)", held, budget,
           entry_counter(e, inst, "mm_bytes_cache"), entry_counter(e, inst, "mm_bytes_region"));
    e->destroy(inst);
    unload(&l);
}

/* The small and sector rooms' route JPS holds its transposed rows as
 * tiles from the start, as many as their profile says (entries/mm/
 * mm_profile.h MM_JPS_TILES_SMALL_ROOMS): those instances hold several
 * times their budget, so the grow gate left them the whole copy, most of
 * what their JPS held. On the embedded 8room256-0, after a sample of its
 * queries, the JPS is tiled at that count and the instance never held the
 * copy (no peak above what it holds). */
static void test_mm_rooms_jps_tiled(T *t)
{
    Loaded l;
    if (!load_named(t, "rooms/8room256-0", &l))
        return;
    const Entry *e;
    void *inst = prepare_spec(t, "mm", &l, &e);
    xyPath p = {0};
    for (int i = 0; inst && i < l.sc.count; i += t_thin(4))
        run_query(t, e, inst, &l.sc.q[i], &p);
    path_free(&p);
    if (inst) {
        double tiles = entry_counter(e, inst, "jps_tiles"), peak = entry_counter(e, inst, "mm_bytes_peak");
        CHECKF(t, tiles == MM_JPS_TILES_SMALL_ROOMS && peak == 0,
               "8room256-0: JPS tiles %.0f (expected %d), %.0f bytes held before they were tiled", tiles,
               MM_JPS_TILES_SMALL_ROOMS, peak);
        e->destroy(inst);
    }
    unload(&l);
}

/* The rooms rows try JPS first only within a reach (refine/routes.h
 * jps_reach): the large rooms' farther than the smaller rooms', the open
 * rooms' (the 64room maps, few corners a sector) farther still; and on a
 * rooms map a query past the reach is not tried, its path still valid,
 * while a near one is answered by JPS. */
static void test_mm_rooms_jps_reach(T *t)
{
    /* as test_mm_profiles' 8room, 32room and 64room */
    MapKind rooms8 = {.detour = 1.40, .regions_per_sector = 1.39, .nsectors = 1024, .open_side = 7},
            rooms32 = {.detour = 1.03, .regions_per_sector = 0.96, .nsectors = 1024, .open_side = 31, .corners = 791},
            rooms64 = {.detour = 1.01, .regions_per_sector = 1.30, .nsectors = 1024, .open_side = 63, .corners = 169};
    rooms8.diagonals = rooms8.wide = rooms32.diagonals = rooms32.wide = rooms64.diagonals = rooms64.wide = true;
    MmConfig small, large, open;
    mm_profile_config(mm_profile_choose(&rooms8, -1), &small);
    mm_profile_config(mm_profile_choose(&rooms32, -1), &large);
    mm_profile_config(mm_profile_choose(&rooms64, -1), &open);
    int rs = small.refine.routes.jps_reach, rl = large.refine.routes.jps_reach, ro = open.refine.routes.jps_reach;
    CHECKF(t, rs > 0 && rl > rs && ro > rl, "reach: small rooms %d, large %d, open %d", rs, rl, ro);
    CHECK(t, !strcmp(mm_profile_choose(&rooms64, -1)->name, "open-rooms") && open.sector == large.sector &&
                 open.refine.hold == large.refine.hold && open.refine.routes.bands == large.refine.routes.bands);
    Loaded l;
    if (!load_named(t, "rooms/8room256-0", &l))
        return;
    const Entry *e;
    void *inst = prepare_spec(t, "mm", &l, &e);
    if (inst) {
        xyPath p = {0};
        int far = 0, near = 0;
        for (int i = 0; i < l.sc.count && (far < 4 || near < 4); i++) {
            const ScenQuery *q = &l.sc.q[i];
            int dx = abs(q->start.x - q->goal.x), dy = abs(q->start.y - q->goal.y);
            bool past = 2 * (dx > dy ? dx : dy) + (dx > dy ? dy : dx) > 2 * rs;
            if ((past && far >= 4) || (!past && (near >= 4 || q->optimal < 8)))
                continue;
            double jps = entry_counter(e, inst, "jps");
            run_query(t, e, inst, q, &p);
            CHECKF(t, path_validate(&l.g, q->start, q->goal, p.cells, p.len, NULL, NULL, 0), "line %d", q->line);
            far += past;
            near += !past && entry_counter(e, inst, "jps") > jps;
        }
        double skipped = entry_counter(e, inst, "jps_far");
        CHECKF(t, far == 4 && skipped == far && near == 4, "%d far queries, %.0f not tried by JPS; %d near by JPS", far,
               skipped, near);
        path_free(&p);
        e->destroy(inst);
    }
    unload(&l);
}

/* A 4-wide maze (corridors) whose memo at its most would leave its edge
 * cache less than its least (entries/mm/mm_budget.c mm_fit_cache) holds
 * the memo to the profile's tight size instead (mm_profile_fit_memo_tight)
 * and caps the cache at what is left, so that what it holds at prepare and
 * the cache at its cap fit the issue's budget; before, such a map was
 * `beyond`, kept the memo's most and a cache capped only by the whole
 * budget, and ended some 20-30 KiB over it. */
static void test_mm_maze_memo_held_to_fit(T *t)
{
    if (T_SANITIZED) { /* a 512x512 maze's prepare: the plain build only */
        t_skip(t, "the plain build only");
        return;
    }
    Loaded l;
    if (!load_bench(t, "mazes/maze512-4-6", &l))
        return;
    const Entry *e;
    void *inst = prepare_spec(t, "mm", &l, &e);
    double memo = inst ? entry_counter(e, inst, "memo_entries") : 0,
           held = inst ? entry_counter(e, inst, "mm_bytes") - entry_counter(e, inst, "mm_bytes_cache") : 0,
           cap = inst ? entry_counter(e, inst, "cache_cap_bytes") : 0, budget = issue_budget(&l.g);
    CHECKF(t, inst && memo > 0 && memo <= 256 && held + cap <= budget,
           "maze512-4-6: memo %.0f joints, held beside the cache %.0f + cache cap %.0f against the budget %.0f", memo,
           held, cap, budget);
    /* And so it ends: a sample of its queries, every path valid, the cache
     * evicting at its cap. */
    xyPath p = {0};
    int invalid = 0;
    for (int i = 0; inst && i < l.sc.count; i += 32) {
        const ScenQuery *q = &l.sc.q[i];
        run_query(t, e, inst, q, &p);
        invalid += !path_validate(&l.g, q->start, q->goal, p.cells, p.len, NULL, NULL, 0);
    }
    path_free(&p);
    double end = inst ? entry_counter(e, inst, "mm_bytes") : 0;
    CHECKF(t, inst && !invalid && end <= budget, "maze512-4-6: %d invalid paths, mm_bytes %.0f against the budget %.0f",
           invalid, end, budget);
    if (inst)
        e->destroy(inst);
    unload(&l);
}

/* The room the edge cache takes at prepare (entries/mm/mm_budget.c
 * mm_cache_reserve): no GetPath call allocates while the cache's legs fit
 * in it (a block taken inside a call could land on a fresh page, whose
 * fault cost more than the call's work), it takes the first legs put (the
 * cache has room for them before any call), and it is no more than the
 * cache grows to over the run: an instance over its budget (a rooms map)
 * ends no further over it for the room taken early. The path has room for
 * every query's cells first. */

static double cache_room(const Entry *e, void *inst, Counters *c)
{
    *c = (Counters){0};
    e->counters(inst, c, true);
    return counter_of(c, "mm_bytes_cache"); /* its slots and its stream's buffer */
}

static void test_mm_calls_allocate_nothing(T *t)
{
    Loaded l;
    if (!load_named(t, "rooms/8room256-0", &l))
        return;
    const Entry *e;
    void *inst = prepare_spec(t, "mm", &l, &e);
    xyPath p = {0};
    path_reserve(&p, 1 << 16);
    Counters prep, now;
    double room = inst ? cache_room(e, inst, &prep) : 0;
    long allocs = 0;
    int first = -1, within = 0;
    bool inside = inst != NULL; /* the legs still fit in the room taken at prepare */
    for (int i = 0; inst && i < l.sc.count && i < 400; i += t_thin(1)) {
        long before = alloc_calls;
        run_query(t, e, inst, &l.sc.q[i], &p);
        long made = alloc_calls - before;                     /* the counters' read below allocates */
        inside = inside && cache_room(e, inst, &now) == room; /* not the query that outgrew it */
        if (!inside)
            continue;
        allocs += made;
        first = first < 0 && made ? i : first;
        within += counter_of(&now, "cache_entries") > counter_of(&prep, "cache_entries");
    }
    CHECKF(t, allocs == 0, "%ld allocations in GetPath calls within the cache's room, the first in query %d", allocs,
           first);
    CHECKF(t, within > 0, "no leg was put in the room the cache took at prepare");
    if (inst) {
        (void)cache_room(e, inst, &now);
        double took = counter_of(&prep, "mm_bytes_cache"), cap = counter_of(&prep, "cache_cap_bytes");
        CHECKF(t, took <= counter_of(&now, "mm_bytes_cache") && took < cap,
               "the cache took %.0f bytes at prepare (its cap %.0f), more than it grew to (%.0f)", took, cap,
               counter_of(&now, "mm_bytes_cache"));
        e->destroy(inst);
    }
    path_free(&p);
    unload(&l);
}

const TestCase MM_MEMORY_TESTS[] = {
    {"mm_profiles", test_mm_profiles},
    {"mm_bytes_parts", test_mm_bytes_parts},
    {"mm_searches_sized_at_prepare", test_mm_searches_sized_at_prepare},
    {"mm_turns_leave_room", test_mm_turns_leave_room},
    {"mm_tiles_within_budget", test_mm_tiles_within_budget},
    {"mm_memo_within_budget", test_mm_memo_within_budget},
    {"mm_maze_memo_held_to_fit", test_mm_maze_memo_held_to_fit},
    {"mm_grow_gate_tiles_first", test_mm_grow_gate_tiles_first},
    {"mm_tiny_cluttered_within_budget", test_mm_tiny_cluttered_within_budget},
    {"mm_capped_tiny_within_budget", test_mm_capped_tiny_within_budget},
    {"mm_cluttered_jps_held", test_mm_cluttered_jps_held},
    {"mm_rooms_jps_tiled", test_mm_rooms_jps_tiled},
    {"mm_rooms_jps_reach", test_mm_rooms_jps_reach},
    {"mm_calls_allocate_nothing", test_mm_calls_allocate_nothing},
    {NULL, NULL},
};
