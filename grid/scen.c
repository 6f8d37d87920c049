#include "scen.h"

#include <limits.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../common/grow.h"
#include "../common/lines.h"

void scen_number_digits(const char *text, int *decimals, int *significant)
{
    const char *exp = strpbrk(text, "eE");
    const char *end = exp ? exp : text + strlen(text);
    bool after_dot = false, leading = true;
    *decimals = *significant = 0;
    for (const char *p = text; p < end; p++) {
        if (*p == '.') {
            after_dot = true;
            continue;
        }
        if (*p < '0' || *p > '9')
            continue;
        if (after_dot)
            (*decimals)++;
        if (*p != '0')
            leading = false;
        if (!leading)
            (*significant)++;
    }
    if (exp)
        *decimals -= (int)strtol(exp + 1, NULL, 10);
}

/* See scen.h: fixed-point files (every optimum with the same positive number
 * of decimals) know each optimum to half a unit in that decimal; %g files
 * (Moving AI's, which drop trailing zeros) to six significant digits, or to
 * the last digit when more were printed. */
static void set_tolerances(Scenario *sc, const int *decimals, const int *significant)
{
    bool fixed = sc->count > 0;
    for (int i = 0; i < sc->count && fixed; i++)
        fixed = decimals[i] > 0 && decimals[i] == decimals[0];
    for (int i = 0; i < sc->count; i++) {
        ScenQuery *q = &sc->q[i];
        int d = decimals[i];
        if (!fixed && q->optimal > 0 && significant[i] < SCEN_G_DIGITS)
            d += SCEN_G_DIGITS - significant[i];
        q->optimal_tol = q->optimal > 0 || fixed ? 0.5 * pow(10.0, -d) : 0.0;
    }
}

/* Returns 0 for a version line, 1 for anything else, -1 on an unknown version. */
static int version_line(char **f, int n, int *version)
{
    if (n < 1 || strcmp(f[0], "version") != 0)
        return 1;
    double v;
    if (n != 2 || !parse_double(f[1], &v))
        return -1;
    if (v == 1.0)
        *version = 1;
    else if (v == 0.0)
        *version = 0;
    else
        return -1;
    return 0;
}

static bool coord(const char *s, long *out) { return parse_int(s, out) && *out >= -32768 && *out <= 32767; }

static bool parse_query(Lines *r, char **f, int version, ScenQuery *q, Err *err)
{
    long v[8];
    int c = 0;
    const char *names1[] = {"bucket", NULL, "width", "height", "start x", "start y", "goal x", "goal y"};
    const char *names0[] = {"bucket", NULL, "start x", "start y", "goal x", "goal y"};
    const char **names = version == 1 ? names1 : names0;
    int nints = version == 1 ? 8 : 6;
    for (int i = 0; i < nints; i++) {
        if (i == 1)
            continue; /* map name */
        if (!coord(f[i], &v[c]))
            return err_set(err, "%s:%d: %s '%s' is not an integer", r->path, r->number, names[i], f[i]);
        c++;
    }
    double opt;
    const char *opt_text = f[nints];
    if (!parse_double(opt_text, &opt) || opt < 0)
        return err_set(err, "%s:%d: optimal length '%s' is not a non-negative number", r->path, r->number, opt_text);
    q->line = r->number;
    q->bucket = (int)v[0];
    c = 1;
    if (version == 1) {
        q->width = (int)v[c++];
        q->height = (int)v[c++];
    } else {
        q->width = q->height = -1;
    }
    q->start.x = (int16_t)v[c++];
    q->start.y = (int16_t)v[c++];
    q->goal.x = (int16_t)v[c++];
    q->goal.y = (int16_t)v[c++];
    q->optimal = opt;
    return true;
}

typedef struct Digits {
    int *decimals, *significant;
} Digits;

static const char *scen_base_name(const char *path)
{
    const char *slash = strrchr(path, '/');
    return slash ? slash + 1 : path;
}

/* Capacities of the map column's runs and names while a file is read. */
typedef struct MapRunsCap {
    size_t runs, names, names_len;
} MapRunsCap;

/* Starts a new run when query sc->count - 1 names another base name than the run before. */
static bool note_map_column(Scenario *sc, MapRunsCap *cap, const char *column, Err *err)
{
    const char *base = scen_base_name(column);
    if (sc->nmap_runs && !strcmp(sc->map_names + sc->map_runs[sc->nmap_runs - 1].name, base))
        return true;
    size_t len = strlen(base) + 1;
    if (!grow_room(&sc->map_runs, &cap->runs, (size_t)sc->nmap_runs + 1, sizeof *sc->map_runs, 4) ||
        !grow_room(&sc->map_names, &cap->names, cap->names_len + len, 1, 256))
        return err_set(err, "out of memory reading scenario");
    memcpy(sc->map_names + cap->names_len, base, len);
    sc->map_runs[sc->nmap_runs++] = (ScenMapRun){sc->count - 1, cap->names_len};
    cap->names_len += len;
    return true;
}

static bool push_query(Scenario *sc, int *cap, Digits *dg, const ScenQuery *q, const char *opt_text, Err *err)
{
    if (sc->count == *cap) { /* three arrays side by side: one new capacity */
        size_t ncap = grow_cap((size_t)*cap, (size_t)*cap + 1, 1024);
        if (ncap > INT_MAX || !grow_to(&sc->q, ncap, sizeof *sc->q) ||
            !grow_to(&dg->decimals, ncap, sizeof *dg->decimals) ||
            !grow_to(&dg->significant, ncap, sizeof *dg->significant))
            return err_set(err, "out of memory reading scenario");
        *cap = (int)ncap;
    }
    scen_number_digits(opt_text, &dg->decimals[sc->count], &dg->significant[sc->count]);
    sc->q[sc->count++] = *q;
    return true;
}

bool scen_load(Scenario *sc, const char *path, Err *err)
{
    Lines r;
    memset(sc, 0, sizeof *sc);
    sc->version = -1;
    if (!lines_open(&r, path, 0, err))
        return false;
    bool ok = true;
    int cap = 0;
    Digits digits = {NULL, NULL};
    MapRunsCap runs_cap = {0, 0, 0};
    char *line;
    size_t len;
    while (ok && (line = lines_next(&r, &len))) {
        if (memchr(line, '\0', len)) {
            ok = err_set(err, "%s:%d: a NUL byte in the line (not a text file?)", path, r.number);
            break;
        }
        char *f[10];
        int n = lines_split(line, f, 10);
        if (n == 0)
            continue;
        if (sc->version < 0 && sc->count == 0) {
            int kind = version_line(f, n, &sc->version);
            if (kind < 0) {
                ok = err_set(err, "%s:%d: unsupported scenario version line", path, r.number);
                break;
            }
            if (kind == 0)
                continue;
            sc->version = n == 7 ? 0 : 1; /* no version line: infer from the fields */
        }
        int want = sc->version == 1 ? 9 : 7;
        if (n != want) {
            ok = err_set(err, "%s:%d: %d fields, expected %d for a version %d scenario", path, r.number, n, want,
                         sc->version);
            break;
        }
        ScenQuery q;
        ok = parse_query(&r, f, sc->version, &q, err) && push_query(sc, &cap, &digits, &q, f[n - 1], err) &&
             note_map_column(sc, &runs_cap, f[1], err);
        if (ok && sc->count == 1)
            snprintf(sc->map_name, sizeof sc->map_name, "%s", f[1]);
    }
    if (ok && sc->version < 0)
        sc->version = 1;
    if (ok)
        set_tolerances(sc, digits.decimals, digits.significant);
    free(digits.decimals);
    free(digits.significant);
    lines_close(&r);
    if (!ok)
        scen_free(sc);
    return ok;
}

static bool cell_ok(const char *path, const ScenQuery *q, const char *what, xyLoc c, const Grid *map, Err *err)
{
    if (!grid_in_bounds(map, c.x, c.y))
        return err_set(err, "%s:%d: %s (%d,%d) outside the %dx%d map", path, q->line, what, c.x, c.y, map->width,
                       map->height);
    if (!grid_passable(map, c.x, c.y))
        return err_set(err, "%s:%d: %s (%d,%d) is on a blocked cell", path, q->line, what, c.x, c.y);
    return true;
}

bool scen_query_ends_ok(const ScenQuery *q, const char *path, const Grid *map, Err *err)
{
    return cell_ok(path, q, "start", q->start, map, err) && cell_ok(path, q, "goal", q->goal, map, err);
}

bool scen_check_ends(const Scenario *sc, const char *path, const Grid *map, bool *bad, int *nbad, Err *err)
{
    if (nbad)
        *nbad = 0;
    for (int i = 0; i < sc->count; i++) {
        const ScenQuery *q = &sc->q[i];
        if (q->width >= 0 && (q->width != map->width || q->height != map->height))
            return err_set(err, "%s:%d: scenario map size %dx%d does not match the map's %dx%d", path, q->line,
                           q->width, q->height, map->width, map->height);
        Err why;
        bool ok = scen_query_ends_ok(q, path, map, &why);
        if (!ok && !bad) {
            *err = why;
            return false;
        }
        if (bad) {
            bad[i] = !ok;
            *nbad += !ok;
        }
    }
    return true;
}

bool scen_check_against(const Scenario *sc, const char *path, const Grid *map, Err *err)
{
    return scen_check_ends(sc, path, map, NULL, NULL, err);
}

void scen_free(Scenario *sc)
{
    free(sc->q);
    free(sc->map_runs);
    free(sc->map_names);
    sc->q = NULL;
    sc->map_runs = NULL;
    sc->map_names = NULL;
    sc->count = sc->nmap_runs = 0;
}

int scen_other_map_queries(const Scenario *sc, const char *map_path, int *first_line, const char **first_name)
{
    const char *want = scen_base_name(map_path);
    int n = 0;
    *first_line = 0;
    *first_name = NULL;
    for (int k = 0; k < sc->nmap_runs; k++) {
        const ScenMapRun *run = &sc->map_runs[k];
        if (!strcmp(sc->map_names + run->name, want))
            continue;
        int end = k + 1 < sc->nmap_runs ? sc->map_runs[k + 1].first : sc->count;
        if (!*first_name) {
            *first_line = sc->q[run->first].line;
            *first_name = sc->map_names + run->name;
        }
        n += end - run->first;
    }
    return n;
}
