/* The mm entry's preprocessing file: a missing, truncated, corrupted,
 * foreign or stale file (another sector size, segments asked where none are
 * stored, a side another build's profile rules chose, derived data this
 * build would not produce) is rejected with its reason named, rebuilt, and
 * the instance answers with valid paths (a stale one: the fresh build's). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "../../abstraction/plain.h"
#include "../../common/binio.h"
#include "../../entries/mm/mm_inst.h"
#include "../../grid/line.h"
#include "../../grid/validate.h"
#include "../../refine/segbuild.h"
#include "test.h"

static void test_mm_bad_file_rebuilt(T *t)
{
    Loaded l;
    if (!load_named(t, "rooms/32room256-0", &l))
        return;
    const Entry *e;
    EntryOpts o16, o8, oseg;
    Err err;
    CHECK(t, entry_parse_spec("mm:sector=16", &e, &o16, &err) && entry_parse_spec("mm:sector=8", &e, &o8, &err) &&
                 entry_parse_spec("mm:segfile=sym", &e, &oseg, &err));
    char file[256], msg[2048];
    snprintf(file, sizeof file, "%s/mm-bad.pre", temp_dir());
    struct {
        const char *what;
        long cut, flip;
        const EntryOpts *pre, *run;
        const char *expect;
    } cases[] = {
        {"missing", -2, -1, &o16, &o16, "cannot open"},
        {"truncated", 100, -1, &o16, &o16, "truncated"},
        {"flipped", -1, 300, &o16, &o16, "checksum"},
        {"other sector size", -1, -1, &o8, &o16, "sector=8"},
        {"segments asked, none stored", -1, -1, &o16, &oseg, "segfile"},
        {"segments truncated", -3, -1, &oseg, &oseg, "truncated"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
        unlink(file);
        if (cases[i].cut != -2)
            CHECK(t, entry_preprocess(e, &l.g, file, cases[i].pre, &err));
        FILE *fp = fopen(file, "r+b");
        if (fp && cases[i].cut == -3) {
            fseek(fp, 0, SEEK_END);
            cases[i].cut = ftell(fp) - 20;
        }
        if (fp && cases[i].cut >= 0)
            CHECK(t, ftruncate(fileno(fp), cases[i].cut) == 0);
        if (fp && cases[i].flip >= 0) {
            fseek(fp, cases[i].flip, SEEK_SET);
            int c = fgetc(fp);
            fseek(fp, cases[i].flip, SEEK_SET);
            fputc(c ^ 1, fp);
        }
        if (fp)
            fclose(fp);
        void *inst = prepare_capturing(e, &l.g, file, cases[i].run, msg, sizeof msg);
        CHECKF(t, inst != NULL, "%s: no instance", cases[i].what);
        CHECKF(t, contains(msg, "rejected") && contains(msg, "rebuilding") && contains(msg, cases[i].expect),
               "%s: stderr was '%s'", cases[i].what, msg);
        if (!inst)
            continue;
        xyPath p = {0};
        run_query(t, e, inst, &l.sc.q[l.sc.count - 1], &p);
        CHECK(t, path_validate(&l.g, l.sc.q[l.sc.count - 1].start, l.sc.q[l.sc.count - 1].goal, p.cells, p.len, NULL,
                               NULL, 0));
        path_free(&p);
        e->destroy(inst);
    }
    unload(&l);
}

/* A file of abstraction a with measures k taken at `side`, no segments, as
 * mm_file_write lays it out, under options `o`. */
static void write_by_hand(T *t, const Grid *g, const char *file, const EntryOpts *o, const Abstraction *a, int side,
                          const MapKind *k)
{
    char options[OPTS_TEXT_MAX];
    BinFile f;
    Err err;
    if (!bin_create(&f, file, &err)) {
        t_fail(t, __FILE__, __LINE__, "%s", err.msg);
        return;
    }
    f.options = opts_canonical(o, options, sizeof options);
    abs_write(&f, a, g, MM_FILE_RULES);
    mm_file_put_kind(&f, side, k);
    bin_put_u32(&f, 0); /* no segments */
    CHECKF(t, bin_commit(&f, &err), "%s", err.msg);
}

/* inst (prepared from a refused file, so rebuilt) answers l's last query
 * with a valid path; destroyed. */
static void answers_valid(T *t, const Entry *e, void *inst, const Loaded *l)
{
    if (!inst)
        return;
    xyPath p = {0};
    const ScenQuery *q = &l->sc.q[l->sc.count - 1];
    run_query(t, e, inst, q, &p);
    CHECK(t, path_validate(&l->g, q->start, q->goal, p.cells, p.len, NULL, NULL, 0));
    path_free(&p);
    e->destroy(inst);
}

/* A file as a build with other profile rules wrote it: random256-20-0 at
 * sector 12, where the cluttered profile builds (this build measures the
 * map as one of the rows at 16), with the options and everything else a
 * file of that side holds. Its side names a profile that exists, so only
 * measuring the map at load tells the file is stale. */
static void test_mm_file_of_other_rules_rebuilt(T *t)
{
    Loaded l;
    if (!load_named(t, "random/random256-20-0", &l))
        return;
    const Entry *e;
    EntryOpts none;
    Err err;
    char file[256], msg[2048];
    snprintf(file, sizeof file, "%s/mm-other-rules.pre", temp_dir());
    CHECK(t, entry_parse_spec("mm", &e, &none, &err));
    Abstraction a = {0}, first = {0};
    MapKind kind; /* as this build measures the map, at 16 */
    bool ok = abs_build_centers(&first, &l.g, 16, true, false, true, &err);
    ok = ok && map_kind(&l.g, &first, &kind, &err);
    abs_free(&first);
    ok = ok && abs_build_centers(&a, &l.g, 12, true, false, true, &err);
    CHECKF(t, ok, "%s", err.msg);
    if (ok) {
        write_by_hand(t, &l.g, file, &none, &a, 16, &kind);
        abs_free(&a);
    }
    void *inst = prepare_capturing(e, &l.g, file, &none, msg, sizeof msg);
    CHECKF(t, inst != NULL, "no instance: %s", msg);
    CHECKF(t, contains(msg, "rejected") && contains(msg, "sector=12") && contains(msg, "builds at 16"),
           "stderr was '%s'", msg);
    answers_valid(t, e, inst, &l);
    unlink(file);
    unload(&l);
}

/* The digest of the probe files: what each holds after its header and
 * rules, chained. Explicit sides, so that only the rules of derived data
 * (not the profile's choice of side) move it; a maze of 1-wide corridors
 * for wide sectors and long legs, a crop with optimised centers, a room map
 * at 8 for which sectors are left default (abs_encode). */
static void test_mm_file_rules_pinned(T *t)
{
    static const struct {
        const char *map, *spec;
        int crop; /* > 0: the top-left crop x crop cells */
    } probes[] = {
        {"rooms/32room256-0", "mm:sector=16", 0},
        {"rooms/8room256-0", "mm:sector=6,segfile=sym", 0},
        {"random/random256-30-0", "mm:sector=12,segfile=nosym,defaults=0", 0},
        {"mazes/maze256-1-0", "mm:sector=16", 0},
        {"rooms/16room256-0", "mm:sector=8,centers=opt", 70},
        {"rooms/32room256-0", "mm:sector=8", 0}, /* default sectors side by side, whose legs can bend */
    };
    char file[256];
    snprintf(file, sizeof file, "%s/mm-probe.pre", temp_dir());
    uint64_t digest = BIN_FNV_SEED;
    for (size_t i = 0; i < sizeof probes / sizeof *probes; i++) {
        Loaded l;
        if (!(probes[i].crop ? load_crop(t, probes[i].map, probes[i].crop, probes[i].crop, 1, &l)
                             : load_named(t, probes[i].map, &l)))
            return;
        const Entry *e;
        EntryOpts o;
        Err err;
        bool ok = entry_parse_spec(probes[i].spec, &e, &o, &err) && entry_preprocess(e, &l.g, file, &o, &err);
        CHECKF(t, ok, "%s %s: %s", probes[i].map, probes[i].spec, err.msg);
        FILE *fp = fopen(file, "rb");
        unsigned char *bytes = NULL;
        long n = fp && fseek(fp, 0, SEEK_END) == 0 ? ftell(fp) : -1;
        if (ok && n > 46 && (bytes = malloc((size_t)n)) && fseek(fp, 0, SEEK_SET) == 0 &&
            fread(bytes, 1, (size_t)n, fp) == (size_t)n) {
            long skip = BIN_HEADER_BYTES(bytes[44] | bytes[45] << 8) + 8; /* header (optlen at 44), rules */
            digest = bin_fnv1a(digest, bytes + skip, (size_t)(n - skip));
        } else
            t_fail(t, __FILE__, __LINE__, "probe file unreadable");
        free(bytes);
        if (fp)
            fclose(fp);
        unlink(file);
        unload(&l);
    }
    CHECKF(t, digest == MM_FILE_RULES,
           "the probe files' derived data changed (regions, centers, edges, costs, layout or segments): files "
           "written before are stale; set MM_FILE_RULES (entries/mm/mm_inst.h) to 0x%016llxull so that they are "
           "refused and rebuilt",
           (unsigned long long)digest);
}

/* The index of a direction's (dx, dy), or -1. */
static int dir_of(int dx, int dy)
{
    for (int d = 0; d < 8; d++)
        if (GRID_DX[d] == dx && GRID_DY[d] == dy)
            return d;
    return -1;
}

/* A leg of sector 0 (always among the sectors a load measures again) with
 * two unlike moves swapped where both stay legal: the same ends and length,
 * other cells, as a build with other leg rules could store it. */
static bool swap_a_leg(const Grid *g, SegStore *ss, LegPlanner *lp, const AbsIndex *ix)
{
    xyPath leg = {0}, way = {0};
    bool done = false;
    for (int r = 0; !done && r < abs_region_count(ix->abs, 0); r++) {
        AbsEdgeIter it;
        AbsEdge e;
        abs_edges(ix->abs, 0, r, &it);
        for (uint32_t a = abs_gid(ix, 0, r), k = ss->edge_first[a]; !done && abs_edge_next(ix->abs, &it, &e); k++) {
            uint32_t b = abs_gid(ix, e.sector, e.region);
            leg.len = 0;
            if (!segs_holds(ss, a, b) || legplan_center(lp, ix, a, b, &leg) != LEG_FOUND)
                continue;
            for (size_t i = 1; !done && i + 1 < leg.len; i++) {
                xyLoc p = leg.cells[i - 1], q = leg.cells[i + 1];
                int m1 = dir_of(leg.cells[i].x - p.x, leg.cells[i].y - p.y);
                int m2 = dir_of(q.x - leg.cells[i].x, q.y - leg.cells[i].y);
                if (m1 == m2 || m1 < 0 || m2 < 0 || !grid_move_legal(g, p.x, p.y, m2) ||
                    !grid_move_legal(g, p.x + GRID_DX[m2], p.y + GRID_DY[m2], m1))
                    continue;
                leg.cells[i] = (xyLoc){(int16_t)(p.x + GRID_DX[m2]), (int16_t)(p.y + GRID_DY[m2])};
                path_reserve(&way, leg.len);
                done = segs_put(ss, k, way.cells, cells_to_waypoints(NULL, leg.cells, leg.len, way.cells));
            }
        }
    }
    path_free(&leg);
    path_free(&way);
    return done;
}

/* random256-20-0 (no default sectors) written as a build with other rules
 * for its derived data would write it, `what` says which: each file is
 * refused naming what differs, and the instance rebuilt answers as a fresh
 * one. */
static void test_mm_stale_file_rebuilt(T *t)
{
    Loaded l;
    if (!load_named(t, "random/random256-20-0", &l))
        return;
    const Entry *e;
    EntryOpts none, segs;
    Err err;
    CHECK(t, entry_parse_spec("mm", &e, &none, &err) && entry_parse_spec("mm:segfile=sym", &e, &segs, &err));
    const struct {
        const char *what, *expect;
    } cases[] = {
        {"center moved", "center ("},
        {"edge cost changed", "costs excess code"},
        {"leg changed", "stored leg"},
        {"other rules digest", "derived by other rules"},
        {"version 6 (no rules digest)", "version"},
    };
    char file[256], msg[2048], options[OPTS_TEXT_MAX];
    snprintf(file, sizeof file, "%s/mm-stale.pre", temp_dir());
    for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
        const EntryOpts *o = i == 2 ? &segs : &none;
        Abstraction a = {.width = l.g.width, .height = l.g.height, .S = 16, .sw = 16, .sh = 16};
        a.defaults_on = a.costs_on = true;
        AbsPlain p;
        uint8_t *labels = malloc((size_t)l.g.width * (size_t)l.g.height);
        bool built = labels && abs_plain_build(&p, &l.g, 16, labels, &err), ok = built;
        if (ok && i == 0) /* region 0 of sector 5: its center to another of its cells */
            for (int c = 0; c < 256; c++)
                if (c != p.center[p.reg_first[5]] && labels[(size_t)(c >> 4) * 256 + 80 + (c & 15)] == 0) {
                    p.center[p.reg_first[5]] = (uint8_t)c;
                    break;
                }
        ok = ok && abs_plain_costs(&p, &l.g, 16, NULL, NULL, &err);
        if (ok && i == 1) { /* region 0's first edge, both ways */
            p.edge_excess[0] ^= 2;
            int t0 = GRID_DX[p.edge_dir[0]] + GRID_DY[p.edge_dir[0]] * 16;
            int back = abs_plain_reverse_edge(&p, 0, 0, p.edge_dir[0], t0, p.edge_target[0]);
            CHECK(t, back >= 0);
            if (back >= 0)
                p.edge_excess[back] = p.edge_excess[0];
        }
        ok = ok && abs_encode(&a, &p, &err);
        free(labels);
        if (built)
            abs_plain_free(&p);
        CHECKF(t, ok, "%s", err.msg);
        AbsIndex ix = {0};
        LegPlanner lp = {0};
        SegStore ss = {0};
        BinFile f;
        if (ok && i == 2)
            CHECK(t, abs_index_init(&ix, &a, &err) && legplan_init(&lp, &l.g, &a, &err) &&
                         segbuild_plan_all(&ss, LEGS_SYM, &lp, &ix, &err) && swap_a_leg(&l.g, &ss, &lp, &ix));
        MapKind kind;
        ok = ok && map_kind(&l.g, &a, &kind, &err);
        if (ok && bin_create(&f, file, &err)) {
            f.options = opts_canonical(o, options, sizeof options);
            abs_write(&f, &a, &l.g, i == 3 ? MM_FILE_RULES ^ 1 : MM_FILE_RULES);
            mm_file_put_kind(&f, 16, &kind);
            bin_put_u32(&f, i == 2 ? LEGS_SYM : 0);
            if (i == 2)
                segs_write(&f, &ss);
            CHECKF(t, bin_commit(&f, &err), "%s", err.msg);
        }
        segs_free(&ss);
        legplan_free(&lp);
        abs_index_free(&ix);
        abs_free(&a);
        FILE *fp = i == 4 ? fopen(file, "r+b") : NULL;
        if (fp) { /* the header's version, after the 8-byte magic */
            fseek(fp, 8, SEEK_SET);
            fputc(6, fp);
            fclose(fp);
        }
        void *inst = prepare_capturing(e, &l.g, file, o, msg, sizeof msg);
        void *fresh = e->prepare(&l.g, NULL, o, &err);
        CHECKF(t, inst && fresh, "%s: no instance", cases[i].what);
        CHECKF(t,
               contains(msg, "rejected") && contains(msg, "rebuilding") && contains(msg, file) &&
                   contains(msg, cases[i].expect),
               "%s: stderr was '%s'", cases[i].what, msg);
        for (int q = 0; inst && fresh && q < l.sc.count; q += 97) {
            xyPath pa = {0}, pb = {0};
            run_query(t, e, inst, &l.sc.q[q], &pa);
            run_query(t, e, fresh, &l.sc.q[q], &pb);
            CHECKF(t, pa.len == pb.len && !memcmp(pa.cells, pb.cells, pa.len * sizeof *pa.cells),
                   "%s: query %d differs from a fresh build's", cases[i].what, q);
            path_free(&pa);
            path_free(&pb);
        }
        if (inst)
            e->destroy(inst);
        if (fresh)
            e->destroy(fresh);
    }
    unlink(file);
    unload(&l);
}

/* The map's measures a file carries (a load chooses the profile from them,
 * never measuring the map): corrupt, taken at another side, of another
 * map's size or out of range, each is refused naming the measures, and the
 * instance rebuilt answers with valid paths. */
static void test_mm_file_measures_checked(T *t)
{
    Loaded l;
    if (!load_named(t, "rooms/32room256-0", &l))
        return;
    const Entry *e;
    EntryOpts none;
    Err err;
    char file[256], msg[2048];
    snprintf(file, sizeof file, "%s/mm-measures.pre", temp_dir());
    CHECK(t, entry_parse_spec("mm", &e, &none, &err));
    const struct {
        const char *what, *expect;
    } cases[] = {
        {"flipped", "measures' checksum"},
        {"other side", "measured at sector=12"},
        {"other map", "map measures for"},
        {"not a number", "out of range"},
        {"as measured", NULL},
    };
    Abstraction a = {0};
    MapKind kind;
    bool ok = abs_build_centers(&a, &l.g, 16, true, false, true, &err) && map_kind(&l.g, &a, &kind, &err);
    CHECKF(t, ok, "%s", err.msg);
    for (size_t i = 0; ok && i < sizeof cases / sizeof *cases; i++) {
        MapKind k = kind;
        k.nsectors += i == 2;
        k.scattered = i == 3 ? 0.0 / 0.0 : k.scattered;
        write_by_hand(t, &l.g, file, &none, &a, i == 1 ? 12 : 16, &k);
        FILE *fp = i == 0 ? fopen(file, "r+b") : NULL;
        if (fp) { /* a byte of the detour, the section's last f64 before its sum */
            fseek(fp, -4 - 8 - 3, SEEK_END);
            int c = fgetc(fp);
            fseek(fp, -4 - 8 - 3, SEEK_END);
            fputc(c ^ 1, fp);
            fclose(fp);
        }
        void *inst = prepare_capturing(e, &l.g, file, &none, msg, sizeof msg);
        CHECKF(t, inst != NULL, "%s: no instance", cases[i].what);
        if (cases[i].expect)
            CHECKF(t, contains(msg, "rejected") && contains(msg, file) && contains(msg, cases[i].expect),
                   "%s: stderr was '%s'", cases[i].what, msg);
        else
            CHECKF(t, !contains(msg, "rejected"), "%s: stderr was '%s'", cases[i].what, msg);
        answers_valid(t, e, inst, &l);
    }
    abs_free(&a);
    unlink(file);
    unload(&l);
}

const TestCase MM_FILE_TESTS[] = {
    {"mm_bad_file_rebuilt", test_mm_bad_file_rebuilt},
    {"mm_file_of_other_rules_rebuilt", test_mm_file_of_other_rules_rebuilt},
    {"mm_file_rules_pinned", test_mm_file_rules_pinned},
    {"mm_stale_file_rebuilt", test_mm_stale_file_rebuilt},
    {"mm_file_measures_checked", test_mm_file_measures_checked},
    {NULL, NULL},
};
