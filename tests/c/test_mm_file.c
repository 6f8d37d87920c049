/* The mm entry's preprocessing file: a missing, truncated, corrupted or
 * foreign file (another sector size, segments asked where none are
 * stored, a side another build's profile rules chose) is rejected with its
 * reason named, rebuilt, and the instance answers with valid paths. */
#include <stdio.h>
#include <unistd.h>

#include "../../abstraction/abstraction.h"
#include "../../common/binio.h"
#include "../../grid/validate.h"
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
    char file[256], msg[2048], options[OPTS_TEXT_MAX];
    snprintf(file, sizeof file, "%s/mm-other-rules.pre", temp_dir());
    CHECK(t, entry_parse_spec("mm", &e, &none, &err));
    Abstraction a;
    BinFile f;
    bool ok = abs_build_centers(&a, &l.g, 12, true, false, true, &err);
    CHECKF(t, ok, "%s", err.msg);
    if (ok && bin_create(&f, file, &err)) {
        f.options = opts_canonical(&none, options, sizeof options);
        abs_write(&f, &a, &l.g);
        bin_put_u32(&f, 0); /* no segments */
        CHECKF(t, bin_commit(&f, &err), "%s", err.msg);
    }
    if (ok)
        abs_free(&a);
    void *inst = prepare_capturing(e, &l.g, file, &none, msg, sizeof msg);
    CHECKF(t, inst != NULL, "no instance: %s", msg);
    CHECKF(t, contains(msg, "rejected") && contains(msg, "sector=12") && contains(msg, "builds at 16"),
           "stderr was '%s'", msg);
    if (inst) {
        xyPath p = {0};
        const ScenQuery *q = &l.sc.q[l.sc.count - 1];
        run_query(t, e, inst, q, &p);
        CHECK(t, path_validate(&l.g, q->start, q->goal, p.cells, p.len, NULL, NULL, 0));
        path_free(&p);
        e->destroy(inst);
    }
    unlink(file);
    unload(&l);
}

const TestCase MM_FILE_TESTS[] = {
    {"mm_bad_file_rebuilt", test_mm_bad_file_rebuilt},
    {"mm_file_of_other_rules_rebuilt", test_mm_file_of_other_rules_rebuilt},
    {NULL, NULL},
};
