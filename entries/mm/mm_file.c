/* mm_file.c: the mm entry's preprocessing file, written by its preprocess
 * and loaded by its prepare (mm_inst.h mm_file_write, mm_file_load).
 *
 * Layout: the abstraction (abstraction/absfile.c, with the common header of
 * common/binio.h: the options it was built with), then u32 segment mode (0,
 * 1 nosym, 2 sym) and, when set, the segment section (cache/segfile.h). A
 * file that does not match the map, the options or this build's profile for
 * the map is refused with its reason, and the entry rebuilds in memory. */
#include <stdio.h>
#include <stdlib.h>

#include "../../common/binio.h"
#include "mm_inst.h"

bool mm_file_write(const char *file, const char *options, const Abstraction *a, const Grid *map, int segfile,
                   const SegStore *segs, Err *err)
{
    BinFile f;
    if (!bin_create(&f, file, err))
        return false;
    f.options = options;
    abs_write(&f, a, map);
    bin_put_u32(&f, (uint32_t)segfile);
    if (segfile)
        segs_write(&f, segs);
    return bin_commit(&f, err);
}

/* Does the loaded abstraction describe this grid? abs_validate checks the
 * encoding; only a fresh build shows an edge or a center moved into another
 * component, which would send queries through walls (make fuzz found one:
 * a path for an unreachable goal). Same regions (each loaded center
 * lies in the fresh region of its number; centers may be optimised) and the
 * same edges. The build is linear in the map; centers are not optimised. */
static bool abs_matches_grid(const Abstraction *a, const Grid *g, const char *file, Err *err)
{
    Abstraction fresh;
    AbsLocator *loc = calloc(1, sizeof *loc);
    if (!loc || !abs_build(&fresh, g, a->S, a->defaults_on, err)) {
        free(loc);
        return loc ? false : err_set(err, "%s: out of memory checking the abstraction", file);
    }
    bool ok = true;
    for (int s = 0; ok && s < (int)a->nsectors; s++) {
        int n = abs_region_count(a, s);
        ok = n == abs_region_count(&fresh, s);
        for (int r = 0; ok && r < n; r++) {
            xyLoc c = abs_region_center(a, s, r);
            AbsEdgeIter it, fit;
            AbsEdge e, fe;
            ok = abs_region_of(&fresh, g, loc, c.x, c.y) == r;
            abs_edges(a, s, r, &it);
            abs_edges(&fresh, s, r, &fit);
            bool more = true;
            while (ok && more) {
                more = abs_edge_next(a, &it, &e);
                ok = more == abs_edge_next(&fresh, &fit, &fe) &&
                     (!more || (e.dir == fe.dir && e.sector == fe.sector && e.region == fe.region));
            }
            if (!ok)
                err_set(err, "%s: sector %d region %d differs from the map (regions, center or edges)", file, s, r);
        }
        if (!ok && n != abs_region_count(&fresh, s))
            err_set(err, "%s: sector %d has %d regions, the map %d", file, s, n, abs_region_count(&fresh, s));
    }
    abs_free(&fresh);
    free(loc);
    return ok;
}

/* The profile of a loaded file's map by this build's rules, measured as
 * mm_entry.c's build_abstraction measures it: on the loaded abstraction where the file is
 * at the side the map is first built at, else on one built there to measure
 * on and dropped. The file's side is that of the profile the build that
 * wrote it chose; where this build's rules choose another, mm_file_load refuses
 * the file (it is rebuilt), never runs the map under the file's profile.
 * NULL + message when memory ran out. */
static const MmProfile *file_profile(MmEntry *e, Err *err)
{
    if (e->abs.S == e->cfg.sector)
        return mm_profile_of_map(&e->grid, &e->abs, e->cfg.small, err);
    Abstraction probe;
    if (!abs_build_centers(&probe, &e->grid, e->cfg.sector, e->cfg.defaults, e->cfg.centers, true, err))
        return NULL;
    const MmProfile *p = mm_profile_of_map(&e->grid, &probe, e->cfg.small, err);
    abs_free(&probe);
    return p;
}

bool mm_file_load(MmEntry *e, const char *file, const char *options, Err *err)
{
    BinFile f;
    if (!bin_open(&f, file, options, err))
        return false;
    FILE *fp = f.fp;
    bool ok = abs_read(&f, &e->abs, &e->grid, err);
    if (ok && ((e->sector_given && e->abs.S != e->cfg.sector) || e->abs.defaults_on != (bool)e->cfg.defaults ||
               e->abs.centers_opt != (bool)e->cfg.centers || !e->abs.costs_on))
        ok = err_set(
            err, "%s: built with sector=%d defaults=%d centers=%s costs=%d, asked for sector=%s defaults=%d centers=%s",
            file, e->abs.S, e->abs.defaults_on, MM_CENTER_MODES[e->abs.centers_opt], e->abs.costs_on,
            e->sector_given ? "given" : "auto", e->cfg.defaults, MM_CENTER_MODES[e->cfg.centers]);
    ok = ok && abs_matches_grid(&e->abs, &e->grid, file, err);
    if (ok)
        mm_progress(&e->grid, e->started_ns, "abstraction loaded and checked against a fresh build");
    ok = ok && (e->profile = file_profile(e, err)) != NULL && abs_index_init(&e->ix, &e->abs, err);
    if (ok && !e->sector_given && e->profile->sector != e->abs.S)
        ok = err_set(err,
                     "%s: built with sector=%d, but this build's profile for the map, %s, builds at %d "
                     "(a file from a build with other profile rules)",
                     file, e->abs.S, e->profile->name, e->profile->sector);
    if (ok) {
        uint32_t mode = bin_get_u32(&f);
        if (f.failed)
            ok = err_set(err, "%s: truncated file (no segment mode)", file);
        else if (mode != (uint32_t)e->cfg.segfile)
            ok = err_set(err, "%s: built with segfile=%s, asked for segfile=%s", file,
                         mode < 3 ? MM_SEG_MODES[mode] : "?", MM_SEG_MODES[e->cfg.segfile]);
        else if (mode)
            ok = e->have_segs = segs_read(&f, &e->segs, (LegMode)mode, &e->ix, &e->grid, err);
    }
    if (ok && fgetc(fp) != EOF)
        ok = err_set(err, "%s: trailing bytes after the data", file);
    fclose(fp);
    return ok;
}
