/* Entry table, option strings, and the GPPC free functions. */
#include <string.h>

#include "../../Entry.h"
#include "../../grid/grid.h"
#include "test.h"

static void test_entry_spec_parsing(T *t)
{
    const Entry *e;
    EntryOpts o;
    Err err;
    CHECK(t, entry_parse_spec("astar", &e, &o, &err) && e == entry_find("astar") && o.n == 0);
    CHECK(t, entry_parse_spec("astar:w=1.5", &e, &o, &err) && o.n == 1 && strcmp(opts_get(&o, "w"), "1.5") == 0);
    CHECK(t, !entry_parse_spec("nosuch", &e, &o, &err) && contains(err.msg, "unknown entry 'nosuch'") &&
                 contains(err.msg, "astar"));
    CHECK(t, !entry_parse_spec("astar:bogus=1", &e, &o, &err) && contains(err.msg, "unknown option 'bogus'"));
    CHECK(t, !entry_parse_spec("astar:w=0.5", &e, &o, &err) && contains(err.msg, "w=0.5"));
    CHECK(t, !entry_parse_spec("astar:w=fast", &e, &o, &err) && contains(err.msg, "w=fast"));
    CHECK(t, !entry_parse_spec("astar:w", &e, &o, &err) && contains(err.msg, "not key=value"));
    CHECK(t, !entry_parse_spec("astar:w=", &e, &o, &err) && contains(err.msg, "not key=value"));
    CHECK(t, !entry_parse_spec("astar:w=1,", &e, &o, &err) && contains(err.msg, "empty option"));
    CHECK(t, !entry_parse_spec("astar:", &e, &o, &err) && contains(err.msg, "entry astar: no options after ':'"));
    CHECK(t, !entry_parse_spec("astar:w=1,w=2", &e, &o, &err) && contains(err.msg, "given twice"));
}

static void test_opts_helpers(T *t)
{
    EntryOpts o = {0};
    const Entry *e;
    Err err;
    CHECK(t, entry_parse_spec("astar:w=2", &e, &o, &err));
    int i;
    double d;
    CHECK(t, opts_int(&o, "n", 1, 9, 4, &i, "x", &err) && i == 4);
    CHECK(t, opts_double(&o, "w", 1, 9, 1, &d, "x", &err) && d == 2);
    CHECK(t, !opts_int(&o, "w", 3, 9, 4, &i, "x", &err) && contains(err.msg, "w=2 is not an integer in 3..9"));
    const char *choices[] = {"off", "2", NULL};
    CHECK(t, opts_choice(&o, "w", choices, 0, &i, "x", &err) && i == 1);
    CHECK(t, opts_choice(&o, "cache", choices, 0, &i, "x", &err) && i == 0);
    const char *only[] = {"z", NULL};
    CHECK(t, !opts_only(&o, only, "x", &err) && contains(err.msg, "unknown option 'w'"));
}

static void test_gppc_free_functions_append(T *t)
{
    bool bits[12] = {1, 1, 1, 1, 0, 1, 1, 1, 0, 1, 1, 1}; /* 4x3 */
    char file[256];
    snprintf(file, sizeof file, "%s/gppc.pre", temp_dir());
    PreprocessMap(bits, 4, 3, file);
    void *data = PrepareForSearch(bits, 4, 3, file);
    CHECK(t, data != NULL && GetName() != NULL);
    xyPath p = {0};
    path_push(&p, (xyLoc){9, 9}); /* the caller's cells must survive */
    xyLoc s = {0, 0}, g = {3, 2};
    bool done = false;
    for (int calls = 0; !done && calls < 1000; calls++)
        done = GetPath(data, s, g, &p);
    CHECK(t, done && p.len >= 2);
    CHECK(t, p.cells[0].x == 9 && p.cells[0].y == 9);
    CHECK(t, p.cells[1].x == 0 && p.cells[1].y == 0);
    CHECK(t, p.cells[p.len - 1].x == 3 && p.cells[p.len - 1].y == 2);
    path_free(&p);
    ReleaseSearch(data);
}

const TestCase ENTRY_TESTS[] = {
    {"entry_spec_parsing", test_entry_spec_parsing},
    {"opts_helpers", test_opts_helpers},
    {"gppc_free_functions_append", test_gppc_free_functions_append},
    {NULL, NULL},
};
