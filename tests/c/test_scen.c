/* Scenario loader: both versions, both separators, precision, and errors. */
#include <math.h>
#include <string.h>

#include "../../grid/scen.h"
#include "test.h"

static const char *MAP3 = "type octile\nheight 3\nwidth 4\nmap\n....\n.@..\n....\n";

static void expect_error(T *t, const char *text, const char *line_tag, const char *problem)
{
    const char *path = temp_file(1, text);
    Scenario sc;
    Err err = {{0}};
    bool ok = scen_load(&sc, path, &err);
    if (ok) { /* loads, so the problem must be found against the map */
        Grid g;
        Err merr;
        CHECK(t, grid_load_map(&g, temp_file(0, MAP3), &merr));
        ok = scen_check_against(&sc, path, &g, &err);
        scen_free(&sc);
        grid_free(&g);
    }
    CHECKF(t, !ok, "accepted: %s", problem);
    CHECKF(t, contains(err.msg, path) && contains(err.msg, line_tag) && contains(err.msg, problem),
           "message lacks file, '%s' or '%s': %s", line_tag, problem, err.msg);
}

static void test_scen_version1_tabs_and_spaces(T *t)
{
    const char *path = temp_file(1, "version 1\n"
                                    "0\tmaps/x.map\t4\t3\t0\t0\t3\t2\t3.82843\n"
                                    "\n"
                                    "1 maps/x.map 4 3  3 0\t0 2 4.41421356\r\n");
    Scenario sc;
    Err err;
    CHECKF(t, scen_load(&sc, path, &err), "%s", err.msg);
    CHECK(t, sc.version == 1 && sc.count == 2);
    CHECK(t, strcmp(sc.map_name, "maps/x.map") == 0);
    CHECK(t, sc.q[0].start.x == 0 && sc.q[0].goal.x == 3 && sc.q[0].goal.y == 2);
    CHECK(t, sc.q[1].bucket == 1 && sc.q[1].line == 4 && sc.q[1].start.x == 3);
    CHECK(t, fabs(sc.q[0].optimal - 3.82843) < 1e-12);
    CHECK(t, fabs(sc.q[0].optimal_tol - 0.000005) < 1e-12); /* mixed decimals: %g style */
    scen_free(&sc);
}

static void test_scen_version_forms(T *t)
{
    const char *forms[] = {"version 1.0\n0 m 4 3 0 0 1 0 1\n", "version 0\n0 m 0 0 1 0 1\n", "0 m 0 0 1 0 1\n",
                           "0 m 4 3 0 0 1 0 1\n"};
    int versions[] = {1, 0, 0, 1};
    for (int i = 0; i < 4; i++) {
        Scenario sc;
        Err err;
        CHECKF(t, scen_load(&sc, temp_file(1, forms[i]), &err), "form %d: %s", i, err.msg);
        CHECKF(t, sc.version == versions[i] && sc.count == 1, "form %d", i);
        CHECK(t, sc.q[0].goal.x == 1 && sc.q[0].optimal == 1);
        if (sc.version == 0)
            CHECK(t, sc.q[0].width == -1);
        scen_free(&sc);
    }
}

static double tol_of(const char *text, int q)
{
    Scenario sc;
    Err err;
    double tol = -1;
    if (scen_load(&sc, temp_file(1, text), &err) && q < sc.count)
        tol = sc.q[q].optimal_tol;
    scen_free(&sc);
    return tol;
}

static bool near(double a, double b) { return fabs(a - b) <= 1e-12 * (fabs(b) + 1e-300) + 1e-18; }

static void test_scen_digits_and_tolerance(T *t)
{
    int d, s;
    scen_number_digits("3.82843", &d, &s);
    CHECK(t, d == 5 && s == 6);
    scen_number_digits("1007", &d, &s);
    CHECK(t, d == 0 && s == 4);
    scen_number_digits("0.0250", &d, &s);
    CHECK(t, d == 4 && s == 3);
    scen_number_digits("1.5e+03", &d, &s);
    CHECK(t, d == -2 && s == 2);
    /* %g file (Moving AI): "1007" is 1007.002 printed to 6 significant digits. */
    const char *g = "version 1\n0 m 4 3 0 0 1 0 3.82843\n0 m 4 3 0 0 1 0 1007\n0 m 4 3 0 0 1 0 1\n"
                    "0 m 4 3 0 0 1 0 0\n0 m 4 3 0 0 1 0 1.5\n";
    CHECK(t, near(tol_of(g, 0), 5e-6));
    CHECK(t, near(tol_of(g, 1), 5e-3));
    CHECK(t, near(tol_of(g, 2), 5e-6));
    CHECK(t, tol_of(g, 3) == 0);
    CHECK(t, near(tol_of(g, 4), 5e-6));
    /* Fixed-point file: every optimum with 2 decimals, "5.41" may be 5.41421. */
    const char *f2 = "version 1\n0 m 4 3 0 0 1 0 5.41\n0 m 4 3 0 0 1 0 4.00\n";
    CHECK(t, near(tol_of(f2, 0), 5e-3) && near(tol_of(f2, 1), 5e-3));
    const char *f8 = "version 1\n0 m 4 3 0 0 1 0 1007.00209200\n";
    CHECK(t, near(tol_of(f8, 0), 5e-9));
}

static void test_scen_errors(T *t)
{
    Scenario sc;
    Err err;
    CHECK(t, !scen_load(&sc, "/nonexistent/x.scen", &err) && contains(err.msg, "cannot open"));
    expect_error(t, "version 2\n0 m 4 3 0 0 1 0 1\n", ":1:", "unsupported scenario version");
    expect_error(t, "version 1\n0 m 4 3 0 0 1 0\n", ":2:", "8 fields, expected 9");
    expect_error(t, "version 1\n0 m 4 3 0 0 1 0 1 7\n", ":2:", "10 fields, expected 9");
    expect_error(t, "version 0\n0 m 4 3 0 0 1 0 1\n", ":2:", "9 fields, expected 7");
    expect_error(t, "version 1\n0 m 4 3 zero 0 1 0 1\n", ":2:", "start x 'zero' is not an integer");
    expect_error(t, "version 1\n0 m 4 3 0 0 1 0 1.2.3\n", ":2:", "optimal length '1.2.3'");
    expect_error(t, "version 1\n0 m 4 3 0 0 1 0 -1\n", ":2:", "optimal length '-1'");
    expect_error(t, "version 1\n0 m 4 3 0 0 1 0 1\n0 m 5 3 0 0 1 0 1\n", ":3:", "does not match");
    expect_error(t, "version 1\n0 m 4 3 4 0 1 0 1\n", ":2:", "start (4,0) outside");
    expect_error(t, "version 1\n0 m 4 3 0 0 1 -1 1\n", ":2:", "goal (1,-1) outside");
    expect_error(t, "version 1\n\n0 m 4 3 1 1 0 0 1\n", ":3:", "start (1,1) is on a blocked cell");
    expect_error(t, "version 0\n0 m 0 0 1 1 1\n", ":2:", "goal (1,1) is on a blocked cell");
}

const TestCase SCEN_TESTS[] = {
    {"scen_version1_tabs_and_spaces", test_scen_version1_tabs_and_spaces},
    {"scen_version_forms", test_scen_version_forms},
    {"scen_digits_and_tolerance", test_scen_digits_and_tolerance},
    {"scen_errors", test_scen_errors},
    {NULL, NULL},
};
