/* mm_file.c: the mm entry's preprocessing file, written by its preprocess
 * and loaded by its prepare (mm_inst.h mm_file_write, mm_file_load).
 *
 * Layout: the abstraction (abstraction/absfile.c, with the common header of
 * common/binio.h: the options it was built with, and MM_FILE_RULES), the
 * map's measures (u32 side they were taken at, u32 nsectors, u32 open side,
 * u32 corners, f64 scattered, f64 regions per sector, f64 detour, u64
 * FNV-1a of those 40 bytes), then u32 segment mode (0, 1 nosym, 2 sym) and,
 * when set, the segment section (cache/segfile.h). A file that does not
 * match the map, the options, this build's rules for derived data (the
 * digest, and what a load measures again: abs_check_derived,
 * same_segments) or the side this build's profile rules choose from its
 * measures is refused with its reason, and the entry rebuilds in memory.
 * The measures are what a build takes of the map to choose its profile
 * (refine/mapkind.h, most of a small map's build): kept, so that a load
 * chooses without measuring; the digest covers their rules (the probe
 * files carry them) and map_kind_fits what a load can check for nothing. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../../common/binio.h"
#include "mm_inst.h"

#define KIND_WORDS 7

static void kind_words(int side, const MapKind *k, uint64_t w[KIND_WORDS])
{
    w[0] = (uint32_t)side;
    w[1] = k->nsectors;
    w[2] = (uint32_t)k->open_side;
    w[3] = k->corners;
    memcpy(&w[4], &k->scattered, 8);
    memcpy(&w[5], &k->regions_per_sector, 8);
    memcpy(&w[6], &k->detour, 8);
}

/* FNV-1a of the words as the file holds them (little-endian, 4 bytes for
 * the first four, 8 for the doubles). */
static uint64_t kind_sum(const uint64_t w[KIND_WORDS])
{
    uint64_t sum = BIN_FNV_SEED;
    for (int i = 0; i < KIND_WORDS; i++) {
        unsigned char b[8];
        int n = i < 4 ? 4 : 8;
        for (int j = 0; j < n; j++)
            b[j] = (unsigned char)(w[i] >> 8 * j);
        sum = bin_fnv1a(sum, b, (size_t)n);
    }
    return sum;
}

void mm_file_put_kind(BinFile *f, int side, const MapKind *kind)
{
    uint64_t w[KIND_WORDS];
    kind_words(side, kind, w);
    for (int i = 0; i < KIND_WORDS; i++)
        if (i < 4)
            bin_put_u32(f, (uint32_t)w[i]);
        else
            bin_put_u64(f, w[i]);
    bin_put_u64(f, kind_sum(w));
}

/* The measures' section: summed, taken at this build's first side
 * (`side`), and fitting the map and the loaded abstraction a. */
static bool get_kind(BinFile *f, const char *file, int side, const Grid *g, const Abstraction *a, MapKind *k, Err *err)
{
    uint64_t w[KIND_WORDS];
    for (int i = 0; i < KIND_WORDS; i++)
        w[i] = i < 4 ? bin_get_u32(f) : bin_get_u64(f);
    uint64_t stored = bin_get_u64(f);
    Err why;
    if (f->failed)
        return err_set(err, "%s: truncated file (map measures cut short)", file);
    if (!bin_sum_ok(stored, kind_sum(w)))
        return err_set(err, "%s: map measures' checksum differs (corrupt file)", file);
    if (w[0] != (uint64_t)side)
        return err_set(err, "%s: map measured at sector=%u, this build measures at %d", file, (unsigned)w[0], side);
    *k = (MapKind){.nsectors = (uint32_t)w[1], .corners = (uint32_t)w[3]};
    map_kind_open_side(k, (int)(uint32_t)w[2]);
    map_kind_across(k, g);
    memcpy(&k->scattered, &w[4], 8);
    memcpy(&k->regions_per_sector, &w[5], 8);
    memcpy(&k->detour, &w[6], 8);
    if (!map_kind_fits(k, g, side, a, &why))
        return err_set(err, "%s: %s", file, why.msg);
    return true;
}

bool mm_file_write(const char *file, const char *options, const Abstraction *a, const Grid *map, int side,
                   const MapKind *kind, int segfile, const SegStore *segs, Err *err)
{
    BinFile f;
    if (!bin_create(&f, file, err))
        return false;
    f.options = options;
    abs_write(&f, a, map, MM_FILE_RULES);
    mm_file_put_kind(&f, side, kind);
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

bool mm_file_load(MmEntry *e, const Grid *map, const char *file, const char *options, Err *err)
{
    BinFile f;
    if (!bin_open(&f, file, options, err))
        return false;
    FILE *fp = f.fp;
    Err why;
    uint8_t *sample = NULL;
    /* read against the map as given: the header's checksum is a hash of a
     * byte a cell, which its bytes give without unpacking e->grid's bits */
    bool ok = abs_read(&f, &e->abs, map, MM_FILE_RULES, err);
    if (ok && ((e->sector_given && e->abs.S != e->cfg.sector) || e->abs.defaults_on != (bool)e->cfg.defaults ||
               e->abs.centers_opt != (bool)e->cfg.centers || !e->abs.costs_on))
        ok = err_set(
            err, "%s: built with sector=%d defaults=%d centers=%s costs=%d, asked for sector=%s defaults=%d centers=%s",
            file, e->abs.S, e->abs.defaults_on, MM_CENTER_MODES[e->abs.centers_opt], e->abs.costs_on,
            e->sector_given ? "given" : "auto", e->cfg.defaults, MM_CENTER_MODES[e->cfg.centers]);
    MapKind kind;
    if (ok && get_kind(&f, file, e->cfg.sector, &e->grid, &e->abs, &kind, err))
        e->profile = mm_profile_choose(&kind, e->cfg.small);
    else
        ok = false;
    if (ok && !e->sector_given && e->profile->sector != e->abs.S)
        ok = err_set(err,
                     "%s: built with sector=%d, but this build's profile for the map, %s, builds at %d "
                     "(a file from a build with other profile rules)",
                     file, e->abs.S, e->profile->name, e->profile->sector);
    if (ok && !(sample = file_sample(e->abs.nsectors)))
        ok = err_set(err, "%s: out of memory checking the file", file);
    ok = ok && abs_index_init(&e->ix, &e->abs, err);
    if (ok && !abs_check_derived(&e->ix, &e->grid, sample, &why))
        ok = err_set(err, "%s: %s (derived data this build would not produce)", file, why.msg);
    if (ok)
        mm_progress(&e->grid, e->started_ns, "abstraction loaded and checked against a fresh build");
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
