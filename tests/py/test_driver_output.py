"""The driver's output beyond the text lines (docs/driver-output.md): --json
(every SUMMARY pair, new keys included, as one object; a query per line),
SUMMARY's optimal= and the CSV's optimal column, the warning and count when
the scenario's map column names another map, and the default pre-dir, which
is never a folder under the current one."""
import csv
import json
import os
import shutil
import unittest

from tests.py.util import GPPC, ROOT, TempDir, run_gppc, write
from scripts.gppc_output import parse_summary

ROOMS16 = os.path.join(ROOT, "maps", "rooms", "16room256-0.map")
ROOMS32 = os.path.join(ROOT, "maps", "rooms", "32room256-0.map")
SCEN16 = os.path.join(ROOT, "scenarios", "rooms", "16room256-0.map.scen")


def head_scen(d, n=30, src=SCEN16, name="s.scen"):
    with open(src) as f:
        lines = f.read().splitlines()
    return write(d, name, "\n".join(lines[:n + 1]) + "\n")


class Json(unittest.TestCase):
    def test_summary_object_holds_every_text_pair_and_queries_are_objects(self):
        with TempDir() as d:
            s = head_scen(d)
            code, text, err = run_gppc("--entry", "jps", "--pre-dir", d, "-full", ROOMS16, s)
            self.assertEqual(code, 0, err)
            code, out, err = run_gppc("--entry", "jps", "--pre-dir", d, "--json", "-full", ROOMS16, s)
            self.assertEqual(code, 0, err)
        objs = [json.loads(line) for line in out.splitlines()]
        queries = [o for o in objs if o["type"] == "query"]
        self.assertEqual(len(queries), 30)
        self.assertEqual(objs[-1]["type"], "summary")
        self.assertEqual(queries[0]["start"], [151, 132])
        self.assertTrue(all(q["valid"] and q["optimal"] for q in queries))
        summary = {k: v for k, v in objs[-1].items() if k != "type"}
        pairs = parse_summary(text)
        # Every key, in order, whatever report.c or the entry adds.
        line = [l for l in text.splitlines() if l.startswith("SUMMARY ")][0]
        self.assertEqual(list(summary), [kv.split("=", 1)[0] for kv in line.split()[1:]])
        untimed = [k for k in pairs if not k.endswith(("_s", "_us", "_kb"))]
        self.assertEqual({k: summary[k] for k in untimed}, {k: pairs[k] for k in untimed})
        self.assertIsInstance(summary["queries"], int)
        self.assertEqual(summary["entry"], "jps")

    def test_values_that_are_not_json_numbers_become_strings(self):
        # The summary line of -pre (no queries) through the same path; "nan"
        # or "1." would not be JSON numbers.
        with TempDir() as d:
            code, out, err = run_gppc("--pre-dir", d, "--json", "-pre", ROOMS16)
        self.assertEqual(code, 0, err)
        obj = json.loads(out)
        self.assertEqual((obj["type"], obj["entry"], obj["queries"]), ("summary", "mm", 0))


class OptimalCount(unittest.TestCase):
    def test_summary_optimal_and_csv_column_agree_with_the_precision_rule(self):
        with TempDir() as d:
            # Optima printed as Moving AI does (%g: 6 significant digits),
            # so long optimal paths sit a little above the printed number.
            with open(SCEN16) as f:
                lines = f.read().splitlines()
            rows = [l.split("\t") for l in lines[1:]]
            rows = [r[:8] + ["%g" % float(r[8])] for r in rows if float(r[8]) > 100][:20]
            s = write(d, "g.scen", "version 1\n" + "\n".join("\t".join(r) for r in rows) + "\n")
            code, out, err = run_gppc("--entry", "jps", "--pre-dir", d, "--csv", d + "/r.csv", "--csv-extra", "-full",
                                      ROOMS16, s)
            self.assertEqual(code, 0, err)
            with open(d + "/r.csv") as f:
                col = [int(r["optimal"]) for r in csv.DictReader(f)]
        sm = parse_summary(out)
        self.assertEqual(col, [1] * 20)
        self.assertEqual(sm["optimal"], 20)


class CallTimesAndMemory(unittest.TestCase):
    """SUMMARY's per-call quantiles by both clocks, the longest whole query,
    the RSS terms of mem_kb, and the CSV's CPU columns, checked against each
    other: numbers missing, swapped or from another clock fail here."""

    def test_call_quantiles_by_both_clocks_are_consistent(self):
        with TempDir() as d:
            s = head_scen(d, 200)
            code, out, err = run_gppc("--entry", "mm", "--pre-dir", d, "--csv", d + "/r.csv", "--csv-extra",
                                      "--cpu-clock", "call", "-full", ROOMS16, s)
            self.assertEqual(code, 0, err)
            with open(d + "/r.csv") as f:
                rows = list(csv.DictReader(f))
        sm = parse_summary(out)
        self.assertEqual(sm["cpu_clock"], "call")
        slack = 200.0  # µs: the CPU clock's cost varies around the calibrated part taken off, more on a loaded machine
        for clock in ("call", "call_cpu"):
            p99, p999, top = sm[clock + "_p99_us"], sm[clock + "_p999_us"], sm[clock + "_max_us"]
            self.assertTrue(0 < p99 <= p999 <= top, (clock, p99, p999, top))
        self.assertEqual(sm["call_max_us"], sm["max_step_us"])  # no map changes: the kit's max step
        self.assertLessEqual(sm["call_cpu_max_us"], sm["call_max_us"] + 0.001)  # each call's CPU at most its wall
        self.assertGreaterEqual(sm["call_cpu_clamped"], 0)
        self.assertLessEqual(sm["query_cpu_max_us"], sm["query_max_us"] + slack)
        self.assertGreaterEqual(sm["query_max_us"], sm["call_max_us"])
        self.assertGreaterEqual(sm["query_cpu_max_us"], sm["call_cpu_max_us"])
        self.assertLessEqual(sm["query_max_us"], sm["total_s"] * 1e6)
        self.assertGreater(sm["cpu_clock_cost_us"], 0)
        # The timer's floor: a call that returns at once, below mm's longest call here.
        self.assertTrue(0 <= sm["call_cpu_floor_us"] < sm["call_cpu_max_us"], sm["call_cpu_floor_us"])
        # The CSV's per-query CPU columns give the same maxima as SUMMARY.
        cpu_total = [int(r["time_cost_cpu"]) for r in rows]
        cpu_step = [int(r["max_step_time_cpu"]) for r in rows]
        self.assertAlmostEqual(max(cpu_total) * 1e-3, sm["query_cpu_max_us"], delta=0.002)
        self.assertAlmostEqual(max(cpu_step) * 1e-3, sm["call_cpu_max_us"], delta=0.002)
        self.assertAlmostEqual(sum(cpu_total) * 1e-9, sm["total_cpu_s"], delta=1e-6)
        self.assertTrue(all(0 <= c <= int(r["time_cost"]) + slack * 1e3 * int(r["calls"])
                            for c, r in zip(cpu_total, rows)))

    def test_the_same_options_in_another_order_name_one_pre_file(self):
        with TempDir() as d:
            s = head_scen(d, 5)
            pre = os.path.join(d, "pre")
            for spec in ("mm:w=1,n=1", "mm:n=1,w=1"):
                code, out, err = run_gppc("--entry", spec, "--pre-dir", pre, "-full", ROOMS16, s)
                self.assertEqual(code, 0, err)
            self.assertEqual(sorted(os.listdir(pre)), ["mm_n=1_w=1-16room256-0.pre"])

    def test_by_default_the_cpu_clock_times_whole_queries(self):
        # No call's CPU time (its system calls would slow the calls): SUMMARY
        # leaves call_cpu_* out, the CSV's max_step_time_cpu is -1, and the
        # queries' CPU times still add up to total_cpu_s.
        with TempDir() as d:
            s = head_scen(d, 100)
            code, out, err = run_gppc("--entry", "mm", "--pre-dir", d, "--csv", d + "/r.csv", "--csv-extra", "-full",
                                      ROOMS16, s)
            self.assertEqual(code, 0, err)
            with open(d + "/r.csv") as f:
                rows = list(csv.DictReader(f))
            bad = run_gppc("--entry", "mm", "--pre-dir", d, "--cpu-clock", "wall", "-full", ROOMS16, s)
        sm = parse_summary(out)
        self.assertEqual(sm["cpu_clock"], "query")
        self.assertFalse([k for k in sm if k.startswith("call_cpu")])
        self.assertEqual({r["max_step_time_cpu"] for r in rows}, {"-1"})
        cpu_total = [int(r["time_cost_cpu"]) for r in rows]
        self.assertAlmostEqual(sum(cpu_total) * 1e-9, sm["total_cpu_s"], delta=1e-6)
        self.assertAlmostEqual(max(cpu_total) * 1e-3, sm["query_cpu_max_us"], delta=0.002)
        self.assertEqual(bad[0], 2)
        self.assertIn("--cpu-clock wall: expected call or query", bad[2])

    def test_mem_kb_is_the_peak_minus_the_drivers_own(self):
        with TempDir() as d:
            code, out, err = run_gppc("--entry", "jps+", "--pre-dir", d, "-full", ROOMS16, head_scen(d, 20))
            self.assertEqual(code, 0, err)
        sm = parse_summary(out)
        self.assertGreater(sm["rss_base_kb"], 0)
        self.assertEqual(sm["mem_kb"], sm["rss_peak_kb"] - sm["rss_base_kb"])
        self.assertGreater(sm["mem_kb"], 0)  # a jump table of the whole map


class CallsFile(unittest.TestCase):
    """--calls FILE: a line per GetPath call, checked against the CSV's
    per-query calls, path sizes and longest calls and SUMMARY's maxima; a
    path that cannot be written is one message and exit 2."""

    def test_each_call_is_a_line_that_adds_up_to_the_queries(self):
        with TempDir() as d:
            s = head_scen(d, 60)
            code, out, err = run_gppc("--entry", "mm", "--pre-dir", d, "--csv", d + "/r.csv", "--csv-extra",
                                      "--cpu-clock", "call", "--calls", d + "/c.tsv", "-full", ROOMS16, s)
            self.assertEqual(code, 0, err)
            with open(d + "/r.csv") as f:
                rows = list(csv.DictReader(f))
            with open(d + "/c.tsv") as f:
                calls = list(csv.DictReader(f, delimiter="\t"))
            code2, _, _ = run_gppc("--entry", "mm", "--pre-dir", d, "--calls", d + "/q.tsv", "-full", ROOMS16, s)
            with open(d + "/q.tsv") as f:
                query_clock = list(csv.DictReader(f, delimiter="\t"))
            bad = run_gppc("--entry", "mm", "--pre-dir", d, "--calls", d + "/none/c.tsv", "-full", ROOMS16, s)
            pre = run_gppc("--entry", "mm", "--pre-dir", d, "--calls", d + "/p.tsv", "-pre", ROOMS16)
        sm = parse_summary(out)
        self.assertEqual(len(rows), 60)
        by_query = {}
        for c in calls:
            by_query.setdefault(int(c["query"]), []).append(c)
        self.assertEqual(sorted(by_query), list(range(60)))
        for i, r in enumerate(rows):
            mine = by_query[i]
            self.assertEqual([int(c["call"]) for c in mine], list(range(int(r["calls"]))))
            self.assertEqual([c["done"] for c in mine], ["0"] * (len(mine) - 1) + ["1"])
            self.assertEqual(sum(int(c["cells"]) for c in mine), int(r["path_size"]))
            self.assertTrue(all(float(c["cpu_us"]) <= float(c["wall_us"]) for c in mine))
            self.assertAlmostEqual(max(float(c["cpu_us"]) for c in mine), int(r["max_step_time_cpu"]) * 1e-3,
                                   delta=0.002)
        self.assertAlmostEqual(max(float(c["wall_us"]) for c in calls), sm["call_max_us"], delta=0.002)
        self.assertAlmostEqual(max(float(c["cpu_us"]) for c in calls), sm["call_cpu_max_us"], delta=0.002)
        # Each call's page faults: whole numbers, by either clock (tests/c/test_kit.c shows they count).
        self.assertTrue(all(int(c["minflt"]) >= 0 and int(c["majflt"]) >= 0 for c in calls + query_clock))
        # By the query clock: the same calls (the entry is deterministic), no CPU column.
        self.assertEqual(code2, 0)
        self.assertEqual([(c["query"], c["call"], c["cells"]) for c in query_clock],
                         [(c["query"], c["call"], c["cells"]) for c in calls])
        self.assertEqual({c["cpu_us"] for c in query_clock}, {"-"})
        self.assertEqual(bad[0], 2)
        self.assertEqual(len(bad[2].strip().splitlines()), 1, bad[2])
        self.assertIn(d + "/none/c.tsv", bad[2])
        self.assertEqual(pre[0], 2)
        self.assertIn("--calls need queries to replay", pre[2])

    def test_lines_written_when_the_buffer_fills_mid_query_are_whole(self):
        # The driver keeps up to 4096 lines before it writes them, between
        # queries from a fill it draws each run; mm with work=1 answers each
        # of the scenario's longest queries in hundreds of calls, so these
        # 24 are written at least once, between queries or in one's calls.
        with TempDir() as d:
            with open(SCEN16) as f:
                lines = f.read().splitlines()
            s = write(d, "long.scen", "\n".join(lines[:1] + lines[-24:]) + "\n")
            code, out, err = run_gppc("--entry", "mm:work=1", "--pre-dir", d, "--csv", d + "/r.csv", "--csv-extra",
                                      "--calls", d + "/c.tsv", "-full", ROOMS16, s)
            self.assertEqual(code, 0, err)
            with open(d + "/r.csv") as f:
                rows = list(csv.DictReader(f))
            with open(d + "/c.tsv") as f:
                calls = list(csv.DictReader(f, delimiter="\t"))
        self.assertGreater(sum(int(r["calls"]) for r in rows), 4096)
        for i, r in enumerate(rows):
            mine = [c for c in calls if int(c["query"]) == i]
            self.assertEqual([int(c["call"]) for c in mine], list(range(int(r["calls"]))))
            self.assertEqual([c["done"] for c in mine], ["0"] * (len(mine) - 1) + ["1"])
            self.assertEqual(sum(int(c["cells"]) for c in mine), int(r["path_size"]))
        self.assertEqual(len(calls), sum(int(r["calls"]) for r in rows))

    def test_call_counters_add_up_to_summary_totals(self):
        # --call-counters: a column per key, each call's change of the entry's
        # counter; over a run whose lines are written mid-query too (work=1,
        # as above), each column sums to SUMMARY's total, and `expanded`,
        # the driver's own count, to mm's two kinds of expansions.
        keys = ["expanded", "abs_expanded", "refine_expanded", "cache_hits", "cache_misses", "center_legs", "jps"]
        with TempDir() as d:
            with open(SCEN16) as f:
                lines = f.read().splitlines()
            s = write(d, "long.scen", "\n".join(lines[:1] + lines[-24:] + lines[1:21]) + "\n")
            code, out, err = run_gppc("--entry", "mm:work=1", "--pre-dir", d, "--calls", d + "/c.tsv",
                                      "--call-counters", ",".join(keys), "-full", ROOMS16, s)
            self.assertEqual(code, 0, err)
            with open(d + "/c.tsv") as f:
                calls = list(csv.DictReader(f, delimiter="\t"))
            unknown = run_gppc("--entry", "mm:work=1", "--pre-dir", d, "--calls", d + "/u.tsv",
                               "--call-counters", "expanded,no_such_key", "-run", ROOMS16, s)
            alone = run_gppc("--entry", "mm", "--pre-dir", d, "--call-counters", "expanded", "-run", ROOMS16, s)
        sm = parse_summary(out)
        self.assertGreater(len(calls), 4096)
        sums = {k: sum(float(c[k]) for c in calls) for k in keys}
        self.assertGreater(sums["abs_expanded"], 0)
        self.assertGreater(sums["refine_expanded"], 0)
        for k in keys[1:]:
            self.assertEqual(sums[k], sm[k], k)
        self.assertEqual(sums["expanded"], sm["abs_expanded"] + sm["refine_expanded"])
        self.assertEqual(unknown[0], 2)
        self.assertEqual(len(unknown[2].strip().splitlines()), 1, unknown[2])
        self.assertIn("mm has no counter 'no_such_key'", unknown[2])
        self.assertIn(" expanded ", unknown[2])
        self.assertIn(" cache_misses ", unknown[2])
        self.assertEqual(alone[0], 2)
        self.assertIn("--call-counters only applies with --calls", alone[2])

    def test_call_counters_show_a_search_in_every_call_it_runs(self):
        # mm counts a search's expansions as it runs, not when it ends: a
        # query answered whole by one route (JPS, or the near box's A*) over
        # several calls shows expansions before its last call, and a long
        # query's search over regions in more than one call.
        keys = ["abs_expanded", "refine_expanded", "jps", "near"]
        with TempDir() as d:
            with open(SCEN16) as f:
                lines = f.read().splitlines()
            s = write(d, "s.scen", "\n".join(lines[:61] + lines[-3:]) + "\n")
            code, out, err = run_gppc("--entry", "mm", "--pre-dir", d, "--calls", d + "/c.tsv",
                                      "--call-counters", ",".join(keys), "-full", ROOMS16, s)
            self.assertEqual(code, 0, err)
            with open(d + "/c.tsv") as f:
                calls = list(csv.DictReader(f, delimiter="\t"))
        by_query = {}
        for c in calls:
            by_query.setdefault(c["query"], []).append({k: float(c[k]) for k in keys})
        routed = [q for q in by_query.values() if len(q) > 1 and sum(c["jps"] + c["near"] for c in q) == 1]
        self.assertGreater(len(routed), 10)
        for q in routed:
            self.assertGreater(sum(c["refine_expanded"] for c in q[:-1]), 0, q)
        spread = [q for q in by_query.values() if sum(c["abs_expanded"] > 0 for c in q) > 1]
        self.assertGreater(len(spread), 0)


class ScenarioForAnotherMap(unittest.TestCase):
    def test_a_scenario_naming_another_map_warns_and_counts(self):
        with TempDir() as d:
            s = head_scen(d, 12)
            code, out, err = run_gppc("--entry", "jps", "--pre-dir", d, "--bad-queries", "skip", "-full", ROOMS32, s)
            self.assertEqual(code, 0, err)
            self.assertIn("s.scen:2: the map column names 16room256-0.map, not 32room256-0.map; 12 such queries", err)
            self.assertEqual(parse_summary(out)["scen_map_mismatch"], 12)
            # Its own map: base names match whatever folder the column gives.
            code, out, err = run_gppc("--entry", "jps", "--pre-dir", d, "-full", ROOMS16, s)
            self.assertNotIn("map column", err)
            self.assertEqual(parse_summary(out)["scen_map_mismatch"], 0)


class DefaultPreDir(unittest.TestCase):
    def test_run_from_another_folder_writes_nothing_there(self):
        name = "pre-dir-test-%d" % os.getpid()
        pre = os.path.join(ROOT, "results", "pre", "mm-%s.pre" % name)
        with TempDir() as d:
            m = os.path.join(d, name + ".map")
            shutil.copy(ROOMS16, m)
            s = head_scen(d, 5)
            try:
                for mode in ("-pre", "-run"):
                    p = run_gppc(mode, m, s, cwd=d)
                    self.assertEqual(p[0], 0, p[2])
                self.assertEqual(sorted(os.listdir(d)), sorted([name + ".map", "s.scen"]))
                self.assertTrue(os.path.isfile(pre))
            finally:
                if os.path.exists(pre):
                    os.remove(pre)
        self.assertTrue(os.access(GPPC, os.X_OK))


if __name__ == "__main__":
    unittest.main()
