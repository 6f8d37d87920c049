/* mm_file.c: the mm entry's preprocessing file, written by its preprocess
 * and loaded by its prepare (mm_inst.h mm_file_write, mm_file_load).
 *
 * Layout: the abstraction (abstraction/absfile.c, with the common header of
 * common/binio.h: the options it was built with, and MM_FILE_RULES), then
 * u32 segment mode (0, 1 nosym, 2 sym) and, when set, the segment section
 * (cache/segfile.h). A file that does not match the map, the options, this
 * build's rules for derived data (the digest, and what a load measures
 * again: abs_check_derived, same_segments) or this build's profile for the
 * map is refused with its reason, and the entry rebuilds in memory. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../../common/binio.h"
#include "mm_inst.h"

bool mm_file_write(const char *file, const char *options, const Abstraction *a, const Grid *map, int segfile,
                   const SegStore *segs, Err *err)
{
    BinFile f;
    if (!bin_create(&f, file, err))
        return false;
    f.options = options;
    abs_write(&f, a, map, MM_FILE_RULES);
    bin_put_u32(&f, (uint32_t)segfile);
    if (segfile)
        segs_write(&f, segs);
    return bin_commit(&f, err);
}

/* Sectors whose derived data a load measures again (1 in 1 << SAMPLE_BITS,
 * spread by a multiplicative hash; sector 0 always): a build with other
 * cost or leg rules differs on nearly every sector, and the sample costs a
 * fraction of the preprocessing a file saves (docs/entries/mm.md). */
#define SAMPLE_BITS 5
static uint8_t *file_sample(uint32_t nsectors)
{
    uint8_t *sample = malloc((size_t)nsectors + 1);
    for (uint32_t s = 0; sample && s < nsectors; s++)
        sample[s] = (uint32_t)(s * 2654435761u) >> (32 - SAMPLE_BITS) == 0;
    return sample;
}

/* The sampled sectors' stored legs against those this build plans: the same
 * cells (segs_read checked that each is a legal leg between the centers). */
static bool same_segments(MmEntry *e, const uint8_t *sample, const char *file, Err *err)
{
    LegPlanner lp;
    if (!legplan_init(&lp, &e->grid, &e->abs, err))
        return false;
    xyPath planned = {0}, stored = {0};
    const AbsIndex *ix = &e->ix;
    bool ok = true;
    for (int s = 0; ok && s < (int)e->abs.nsectors; s++)
        for (int r = 0; ok && sample[s] && r < abs_region_count(&e->abs, s); r++) {
            uint32_t a = abs_gid(ix, s, r);
            AbsEdgeIter it;
            AbsEdge ed;
            abs_edges(&e->abs, s, r, &it);
            for (int k = 0; ok && abs_edge_next(&e->abs, &it, &ed); k++) {
                uint32_t b = abs_gid(ix, ed.sector, ed.region);
                if (!segs_holds(&e->segs, a, b))
                    continue;
                planned.len = stored.len = 0;
                xyLoc from = abs_center(ix, leg_first(a, b)); /* the planned leg's first cell, not decoded */
                ok =
                    legplan_center(&lp, ix, a, b, &planned) == LEG_FOUND && segs_get(&e->segs, ix, a, b, from, &stored);
                ok = ok && planned.len == stored.len + 1 &&
                     !memcmp(planned.cells + 1, stored.cells, stored.len * sizeof *stored.cells);
                if (!ok)
                    err_set(err, "%s: sector %d region %d: edge %d's stored leg is not the one this build plans", file,
                            s, r, k);
            }
        }
    e->segs.hits = 0;
    path_free(&planned);
    path_free(&stored);
    legplan_free(&lp);
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
    Err why;
    uint8_t *sample = NULL;
    bool ok = abs_read(&f, &e->abs, &e->grid, MM_FILE_RULES, err);
    if (ok && ((e->sector_given && e->abs.S != e->cfg.sector) || e->abs.defaults_on != (bool)e->cfg.defaults ||
               e->abs.centers_opt != (bool)e->cfg.centers || !e->abs.costs_on))
        ok = err_set(
            err, "%s: built with sector=%d defaults=%d centers=%s costs=%d, asked for sector=%s defaults=%d centers=%s",
            file, e->abs.S, e->abs.defaults_on, MM_CENTER_MODES[e->abs.centers_opt], e->abs.costs_on,
            e->sector_given ? "given" : "auto", e->cfg.defaults, MM_CENTER_MODES[e->cfg.centers]);
    if (ok && !(sample = file_sample(e->abs.nsectors)))
        ok = err_set(err, "%s: out of memory checking the file", file);
    if (ok && !abs_check_derived(&e->abs, &e->grid, sample, &why))
        ok = err_set(err, "%s: %s (derived data this build would not produce)", file, why.msg);
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
            ok = e->have_segs =
                segs_read(&f, &e->segs, (LegMode)mode, &e->ix, &e->grid, err) && same_segments(e, sample, file, err);
    }
    if (ok && fgetc(fp) != EOF)
        ok = err_set(err, "%s: trailing bytes after the data", file);
    free(sample);
    fclose(fp);
    return ok;
}
