#!/usr/bin/env python3
"""Applies mem53's measurement probe to a checkout of 1361cc9 (run in its
root; never committed into the tree): high-water marks of the route JPS's
node state (live nodes, open list, bypass stack, taken before every pop)
and the sizes of each JPS and refiner array, as P_* counters in SUMMARY;
MM_PROBE_TILES=N tiles the route JPS's columns with N slots from prepare
(refine/routes.h jps_tiles) on any profile. Build build/gppc after it and
copy it to the probe binary probe.sh runs."""
import re

def edit(path, old, new):
    s = open(path).read()
    assert old in s, (path, old)
    open(path, "w").write(s.replace(old, new, 1))

edit("search/jps.h", "    const Tracer *tracer; /* NULL: not traced (search/trace.h) */\n} Jps;",
     "    const Tracer *tracer; /* NULL: not traced (search/trace.h) */\n    uint32_t hw_live, hw_open, hw_bypass; /* PROBE */\n} Jps;")
edit("search/jps.c", "        if (j->nbypass) {\n            idx = j->trace[--j->nbypass];",
     "        if (j->open.live > j->hw_live) j->hw_live = j->open.live; /* PROBE */\n"
     "        if (j->open.n > j->hw_open) j->hw_open = j->open.n;\n"
     "        if (j->nbypass > j->hw_bypass) j->hw_bypass = (uint32_t)j->nbypass;\n"
     "        if (j->nbypass) {\n            idx = j->trace[--j->nbypass];")
COUNTERS = [
    ("P_jps_slots", "o->count"), ("P_jps_slot_B", "o->count * sizeof(JoNode)"),
    ("P_jps_open_cap", "o->cap"), ("P_jps_open_B", "o->cap * sizeof(JoItem)"),
    ("P_jps_trace_cap", "jps->trace_cap"),
    ("P_jps_cols_B", "(size_t)jps->cols.rows * jps->cols.words * 8"),
    ("P_jps_rows_B", "jps->rows.borrowed ? 0 : (size_t)jps->rows.rows * jps->rows.words * 8"),
    ("P_jps_tiles_B", "bitrows_tiles_bytes(&jps->tiles)"),
    ("P_jps_node_bound", "jps->node_bound"), ("P_jps_node_cap", "jps->node_cap"),
    ("P_jps_hw_live", "jps->hw_live"), ("P_jps_hw_open", "jps->hw_open"), ("P_jps_hw_bypass", "jps->hw_bypass"),
    ("P_ref_scratch", "r->scratch.cap"), ("P_ref_start", "r->start_path.cap"), ("P_ref_goal", "r->goal_path.cap"),
    ("P_ref_legcells", "r->leg_cells.cap"), ("P_win_way", "r->win.way.cap"), ("P_win_tail", "r->win.tail.cap"),
    ("P_win_memo_B", "win_memo_bytes(&r->win)"), ("P_rt_answer", "r->routes.answer.cap"),
    ("P_rt_reach", "r->routes.reach_cap"),
    ("P_rt_gaveup_B", "r->routes.gave_up ? r->routes.abs->nsectors * sizeof *r->routes.gave_up : 0"),
    ("P_rt_band", "r->routes.band ? 1 : 0"),
]
body = "".join('        counters_add(out, "%s", (double)(%s));\n' % kv for kv in COUNTERS)
edit("entries/mm/mm_entry.c", '    counters_add(out, "loop_cut_cells", (double)e->refiner.win.cut);\n',
     '    counters_add(out, "loop_cut_cells", (double)e->refiner.win.cut);\n'
     "    { /* PROBE */\n        const JpsOpen *o = &jps->open;\n        const Refiner *r = &e->refiner;\n" + body + "    }\n")
edit("entries/mm/mm_profile.c", '#include "mm_profile.h"', '#include "mm_profile.h"\n#include <stdlib.h> /* PROBE */')
s = open("entries/mm/mm_profile.c").read()
m = re.search(r"    c->refine\.routes\.jps_tiles = [^;]*;\n", s)
open("entries/mm/mm_profile.c", "w").write(
    s[: m.end()] + '    if (getenv("MM_PROBE_TILES")) /* PROBE */\n'
    '        c->refine.routes.jps_tiles = (uint32_t)atoi(getenv("MM_PROBE_TILES"));\n' + s[m.end():])
