"""scripts/: parsing the driver's output, aggregation (99% CI math against
hand-computed values), resuming a suite, stopping on an invalid path, and
plotting with and without gnuplot."""
import csv
import math
import os
import re
import shutil
import subprocess
import sys
import unittest

from tests.py.util import GPPC, ROOT, TempDir, bench_candidates, find_bench_dir, write

sys.path.insert(0, os.path.join(ROOT, "scripts"))
import aggregate  # noqa: E402
import gppc_output  # noqa: E402
import plot  # noqa: E402
import run_suite  # noqa: E402

SCRIPTS = os.path.join(ROOT, "scripts")
MAP = "type octile\nheight 4\nwidth 6\nmap\n......\n.@@@@.\n......\n......\n"
SCEN = ("version 1\n"
        "0\tmaps/t/a.map\t6\t4\t0\t0\t5\t0\t5\n"
        "1\tmaps/t/a.map\t6\t4\t0\t0\t5\t3\t6.41421356\n"
        "0\tmaps/t/a.map\t6\t4\t0\t2\t3\t3\t3.41421356\n")


def make_bench(d, scen=SCEN):
    os.makedirs(os.path.join(d, "maps", "t"))
    os.makedirs(os.path.join(d, "scenarios", "t"))
    write(os.path.join(d, "maps", "t"), "a.map", MAP)
    write(os.path.join(d, "scenarios", "t"), "a.map.scen", scen)


def run_script(name, *args, env=None):
    return subprocess.run([sys.executable, os.path.join(SCRIPTS, name)] + list(args), capture_output=True,
                          text=True, env=env)


def run_suite_ok(test, bench, entries, out, *more):
    """run_suite.py over the folder `bench` into `out`, no plots; it must exit 0."""
    p = run_script("run_suite.py", "--bench-dir", bench, "--entries", entries, "--out", out, "--no-plots", *more)
    test.assertEqual(p.returncode, 0, p.stderr)
    return p


class Parsing(unittest.TestCase):
    def test_summary_and_gppc_lines_from_the_driver(self):
        with TempDir() as d:
            make_bench(d)
            p = subprocess.run([GPPC, "--pre-dir", d, "-full", d + "/maps/t/a.map", d + "/scenarios/t/a.map.scen"],
                               capture_output=True, text=True)
            self.assertEqual(p.returncode, 0, p.stderr)
        sm = gppc_output.parse_summary(p.stdout)
        self.assertEqual(sm["entry"], "mm")
        self.assertEqual(sm["queries"], 3.0)
        self.assertIn("abs_bytes", sm)
        lines = [gppc_output.parse_gppc_line(l) for l in p.stdout.splitlines() if l.startswith("GPPC")]
        self.assertEqual(len(lines), 3)
        self.assertTrue(all(l["valid"] for l in lines))
        self.assertEqual(lines[0]["scen"], "a.map.scen")
        self.assertAlmostEqual(lines[0]["length"], 5.0)
        self.assertIsNone(gppc_output.parse_summary("no summary here\n"))
        with self.assertRaises(ValueError):
            gppc_output.parse_gppc_line("GPPC\tbroken\n")

    def test_split_entries_keeps_options_together(self):
        self.assertEqual(run_suite.split_entries("mm:sector=16,w=1.5,astar,jps"),
                         ["mm:sector=16,w=1.5", "astar", "jps"])
        self.assertEqual(run_suite.split_entries("mm:w=15,mm:w=15,cache=off"), ["mm:w=15", "mm:w=15,cache=off"])
        self.assertEqual(run_suite.entry_tag("mm:w=1.5,trim=10%"), "mm_w=1.5_trim=10p")


class ConfidenceIntervals(unittest.TestCase):
    def test_t_critical_values(self):
        self.assertEqual(aggregate.t_critical(1), 63.657)
        self.assertEqual(aggregate.t_critical(4), 4.604)
        self.assertEqual(aggregate.t_critical(35), 2.750)   # next lower tabulated df (30): wider
        self.assertEqual(aggregate.t_critical(500), 2.576)

    def test_mean_ci99_by_hand(self):
        # [1, 2, 3, 4]: mean 2.5, sample sd sqrt(5/3), t(3) = 5.841,
        # half-width = 5.841 * sqrt(5/3) / 2 = 3.77047...
        m, h = aggregate.mean_ci99([1.0, 2.0, 3.0, 4.0])
        self.assertAlmostEqual(m, 2.5)
        self.assertAlmostEqual(h, 5.841 * math.sqrt(5.0 / 3.0) / 2.0, places=12)
        self.assertAlmostEqual(h, 3.770349, places=5)
        self.assertEqual(aggregate.mean_ci99([7.0]), (7.0, 0.0))
        m, h = aggregate.mean_ci99([10.0, 10.0, 10.0])
        self.assertEqual((m, h), (10.0, 0.0))

    def test_metrics_over_repetitions(self):
        def row(rep, t, bucket=0, valid=1, length=5.0, ref=5.0):
            return {"rep": rep, "time_cost": t, "20steps_cost": t // 2, "max_step_time": t, "calls": 2,
                    "valid": valid, "path_length": length, "ref_length": ref, "expanded": 10, "bucket": bucket}
        rows = [row(0, 1000), row(0, 3000, length=6.0), row(1, 2000), row(1, 4000, length=6.0)]
        m = aggregate.metrics(rows, [{"ram_before_kb": 10, "ram_after_kb": 20, "storage_bytes": 5, "pre_s": 0.5}])
        # Per repetition: mean per path 2.0 and 3.0 us -> mean 2.5, CI 63.657 * (sd 0.7071 / sqrt 2) = 31.8285
        self.assertAlmostEqual(m["mean_us"][0], 2.5)
        self.assertAlmostEqual(m["mean_us"][1], 63.657 * math.sqrt(0.5) / math.sqrt(2), places=9)
        self.assertAlmostEqual(m["step_us"][0], 1.25)           # 4000 ns / 2 calls, then 6000 / 4
        self.assertEqual(m["queries"], 2)
        self.assertAlmostEqual(m["subopt_mean"], (1.0 + 1.2) / 2)
        self.assertAlmostEqual(m["subopt_max"], 1.2)
        self.assertEqual(m["reps"], 2)


class Suite(unittest.TestCase):
    def test_resume_skips_finished_maps(self):
        with TempDir() as d:
            make_bench(d)
            out = os.path.join(d, "out")
            run_suite_ok(self, d, "astar,mm:w=2", out)
            txt = os.path.join(out, "raw", "astar", "t", "a.txt")
            before = os.stat(txt).st_mtime_ns
            p = run_suite_ok(self, d, "astar,mm:w=2", out)
            self.assertIn("2 of 2 jobs already done", p.stderr)
            self.assertEqual(os.stat(txt).st_mtime_ns, before)
            with open(os.path.join(out, "summary.md")) as f:
                md = f.read()
            self.assertIn("| astar |", md)
            self.assertIn("| mm:w=2 |", md)
            # An unfinished job (no SUMMARY) is run again.
            with open(txt, "w") as f:
                f.write("GPPC half a run\n")
            p = run_suite_ok(self, d, "astar", out)
            self.assertNotIn("already done", p.stderr)
            with open(txt) as f:
                self.assertIn("SUMMARY entry=astar", f.read())

    def test_results_of_another_build_are_set_aside(self):
        with TempDir() as d:
            make_bench(d)
            out = os.path.join(d, "out")
            gppc = os.path.join(d, "gppc")
            shutil.copy2(GPPC, gppc)
            args = ("--bench-dir", d, "--entries", "astar", "--out", out, "--no-plots", "--gppc", gppc)
            p = run_script("run_suite.py", *args)
            self.assertEqual(p.returncode, 0, p.stderr)
            txt = os.path.join(out, "raw", "astar", "t", "a.txt")
            # Same build: resumed. Another build (one byte more), or another mode: run again.
            p = run_script("run_suite.py", *args)
            self.assertIn("1 of 1 jobs already done", p.stderr)
            with open(gppc, "ab") as f:
                f.write(b"\0")
            p = run_script("run_suite.py", *args)
            self.assertEqual(p.returncode, 0, p.stderr)
            self.assertIn("another gppc build", p.stderr)
            self.assertNotIn("already done", p.stderr)
            self.assertTrue(os.path.isfile(os.path.join(out, "raw.stale-1", "astar", "t", "a.txt")))
            self.assertTrue(os.path.isfile(txt))
            p = run_script("run_suite.py", *args, "--mode=-check")
            self.assertIn("raw.stale-2", p.stderr)

    def test_invalid_path_stops_the_suite(self):
        with TempDir() as d:
            # The scenario says no path exists where one does: the entry's answer is invalid.
            make_bench(d, "version 1\n0\tm\t6\t4\t0\t0\t5\t0\t0\n")
            p = run_script("run_suite.py", "--bench-dir", d, "--entries", "astar", "--out", d + "/out")
            self.assertNotEqual(p.returncode, 0)
            self.assertIn("stopped", p.stderr)
            self.assertIn("a.map", p.stderr)
            self.assertIn("invalid path", p.stderr)


class Plots(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        # One suite run for the class (most of these tests' CPU time); each
        # test plots its own copy of the results (make_results).
        # An embedded map, so that mm's cache sees hits worth a histogram
        # (jps=0, small=0: every query by the abstract route, which the cache
        # serves; by its few corners the map would take the small-map profile).
        cls.bench = TempDir()
        d = cls.bench.__enter__()
        for kind, suffix in (("maps", ".map"), ("scenarios", ".map.scen")):
            os.makedirs(os.path.join(d, kind, "rooms"))
            os.symlink(os.path.join(ROOT, kind, "rooms", "32room256-0" + suffix),
                       os.path.join(d, kind, "rooms", "32room256-0" + suffix))
        cls.results = os.path.join(d, "out")
        p = run_script("run_suite.py", "--bench-dir", d, "--entries", "astar,mm:jps=0,small=0", "--out", cls.results,
                       "--no-plots")
        if p.returncode != 0:
            cls.bench.__exit__(None, None, None)
            raise AssertionError("run_suite.py exit %d: %s" % (p.returncode, p.stderr))

    @classmethod
    def tearDownClass(cls):
        cls.bench.__exit__(None, None, None)

    def make_results(self, d):
        out = os.path.join(d, "out")
        shutil.copytree(self.results, out, symlinks=True)
        return out

    FAMILY_FIGURES = ("subopt", "time", "first20", "expanded", "tradeoff", "subopt_cdf")

    def test_without_gnuplot_tables_stay_and_a_hint_is_printed(self):
        with TempDir() as d:
            out = self.make_results(d)
            env = dict(os.environ, GNUPLOT="gnuplot-not-installed-here")
            p = run_script("plot.py", out, env=env)
            self.assertEqual(p.returncode, 0, p.stderr)
            self.assertIn("apt-get install gnuplot-nox", p.stdout)
            self.assertEqual(len(p.stdout.strip().splitlines()), 2, p.stdout)  # the hint, where the data went
            self.assertTrue(os.path.isfile(os.path.join(out, "summary.md")))
            for name in self.FAMILY_FIGURES:
                for ext in (".gp", ".dat"):
                    self.assertTrue(os.path.isfile(os.path.join(out, "plots", "rooms", name + ext)), name)
            self.assertTrue(os.path.isfile(os.path.join(out, "plots", "cache_hits.gp")))
            for _, _, files in os.walk(os.path.join(out, "plots")):
                self.assertFalse(any(f.endswith((".png", ".svg")) for f in files))
            # Titles name the set, the family, the build and the CPU.
            with open(os.path.join(out, "plots", "rooms", "time.gp")) as f:
                gp = f.read()
            self.assertIn("family rooms (1 maps)", gp)
            # The build is the binary's that ran (raw/RUN), not the tree's.
            built = subprocess.run([GPPC, "--version"], capture_output=True, text=True).stdout.split()[1]
            self.assertIn("build %s, " % built, gp)
            self.assertIn("queries per bucket", gp)
            self.assertIn("#D55E00", gp)  # mm in the palette's vermillion

    def test_figures_name_the_binary_and_machines_of_the_runs(self):
        # A folder run elsewhere: its raw/RUN and raw/HOSTS say which binary
        # and which CPU; the figures drawn here must say the same.
        with TempDir() as d:
            out = self.make_results(d)
            run = os.path.join(out, "raw", "RUN")
            with open(run) as f:
                text = f.read()
            with open(run, "w") as f:
                f.write(re.sub(r"built=\S+", "built=feed123", text))
            with open(os.path.join(out, "raw", "HOSTS"), "w") as f:
                f.write("node7\tSome CPU 9000\t4\t0/2\nnode8\tSome CPU 9000\t4\t1/2\n")
            p = run_script("plot.py", out, env=dict(os.environ, GNUPLOT="gnuplot-not-installed-here"))
            self.assertEqual(p.returncode, 0, p.stderr)
            with open(os.path.join(out, "plots", "rooms", "time.gp")) as f:
                self.assertIn("build feed123, Some CPU 9000", f.read())

    def test_install_is_only_offered_to_root_with_apt(self):
        with TempDir() as d:
            out = self.make_results(d)
            # No apt-get on this PATH: one line says how, nothing is installed.
            env = dict(os.environ, GNUPLOT="gnuplot-not-installed-here", PATH=os.path.dirname(sys.executable))
            p = run_script("plot.py", out, "--install-gnuplot", env=env)
            self.assertEqual(p.returncode, 0, p.stderr)
            self.assertIn("apt-get install gnuplot-nox", p.stdout)
            self.assertNotIn("installing", p.stdout)

    def test_with_gnuplot_pngs_and_svgs_are_drawn(self):
        if not shutil.which("gnuplot"):
            self.skipTest("gnuplot not installed (apt-get install gnuplot-nox)")
        with TempDir() as d:
            out = self.make_results(d)
            p = run_script("plot.py", out)
            self.assertEqual(p.returncode, 0, p.stderr)
            pictures = [os.path.join(out, "plots", "rooms", n) for n in self.FAMILY_FIGURES]
            pictures.append(os.path.join(out, "plots", "cache_hits"))
            for base in pictures:
                with open(base + ".png", "rb") as f:
                    self.assertEqual(f.read(8), b"\x89PNG\r\n\x1a\n", base)
                with open(base + ".svg") as f:
                    self.assertIn("<svg", f.read(2000), base)

    def test_error_bars_only_with_repeats(self):
        rows = [{"bucket": 1, "rep": k, "time_cost": 1000 * (k + 1), "valid": 1} for k in range(3)]
        stats = plot.bucket_stats(rows, lambda r: r["time_cost"], True)
        m, ci, n = stats[1]
        self.assertAlmostEqual(m, 2000.0)
        self.assertAlmostEqual(ci, aggregate.mean_ci99([1000.0, 2000.0, 3000.0])[1])
        self.assertEqual(n, 1)
        self.assertEqual(plot.bucket_stats(rows[:1], lambda r: r["time_cost"], True)[1][1], 0.0)


class SummaryCsv(unittest.TestCase):
    def test_csv_writer_fixed_decimals_and_empty_ci_without_repeats(self):
        with TempDir() as d:
            make_bench(d)
            out = os.path.join(d, "o,ut")
            run_suite_ok(self, d, "astar:w=1.5,jps", out)
            with open(os.path.join(out, "summary.csv"), newline="") as f:
                rows = list(csv.DictReader(f))
            self.assertEqual({r["entry"] for r in rows}, {"astar:w=1.5", "jps"})  # the comma survives
            for r in rows:
                for k in ("total_s_ci99", "mean_us_ci99", "first20_us_ci99", "max_step_us_ci99",
                          "step_us_ci99"):
                    self.assertEqual(r[k], "", k)
                self.assertRegex(r["subopt_mean"], r"^\d+\.\d{6}$")
                self.assertRegex(r["mean_us"], r"^\d+\.\d{3}$")
                self.assertRegex(r["queries"], r"^\d+$")
            run_suite_ok(self, d, "jps", out + "2", "--repeat", "3")
            with open(os.path.join(out + "2", "summary.csv"), newline="") as f:
                rows = list(csv.DictReader(f))
            self.assertTrue(all(re.match(r"^\d+\.\d{3}$", r["mean_us_ci99"]) for r in rows), rows)

    def test_results_readme_explains_every_column(self):
        with open(os.path.join(ROOT, "results", "README.md")) as f:
            readme = f.read()
        for k in ["entry", "family"] + aggregate.CSV_COLUMNS + [k + "_ci99" for k, _ in aggregate.TIMED]:
            self.assertIn("`%s`" % k, readme, k)


class SuiteOptions(unittest.TestCase):
    def test_maps_subset_and_unknown_map(self):
        with TempDir() as d:
            make_bench(d)
            write(os.path.join(d, "maps", "t"), "b.map", MAP)
            write(os.path.join(d, "scenarios", "t"), "b.map.scen", SCEN)
            out = os.path.join(d, "out")
            p = run_script("run_suite.py", "--bench-dir", d, "--entries", "astar", "--maps", "b", "--out", out,
                           "--no-aggregate")
            self.assertEqual(p.returncode, 0, p.stderr)
            self.assertEqual(sorted(f for f in os.listdir(os.path.join(out, "raw", "astar", "t"))
                                    if not f.startswith("SPEC")), ["b.csv", "b.txt"])
            self.assertIn("jobs 1/1", p.stderr)
            self.assertIn("s wall", p.stderr)
            p = run_script("run_suite.py", "--bench-dir", d, "--entries", "astar", "--maps", "b,zz", "--out", out)
            self.assertNotEqual(p.returncode, 0)
            self.assertIn("no map zz", p.stderr)

    def test_every_flag_has_help(self):
        for action in run_suite.build_parser()._actions:
            self.assertTrue(action.help and len(action.help) > 10, action.option_strings)

    def test_timing_scripts_find_the_benchmarks_as_the_tests_do(self):
        # One rule (scripts/bench_dir.py): $GPPC_BENCH_DIR, else beside the
        # checkout or its main checkout; --help names the folder it took.
        # COLUMNS: argparse wraps help at a hyphen too, so a path holding one
        # would be split where no join on spaces mends it.
        for script in ("compare.py", "same_paths.py"):
            p = run_script(script, "--help", env=dict(os.environ, GPPC_BENCH_DIR="/some/bench", COLUMNS="1000"))
            self.assertIn("here /some/bench)", " ".join(p.stdout.split()), script)
            env = {k: v for k, v in os.environ.items() if k != "GPPC_BENCH_DIR"}
            env["COLUMNS"] = "1000"
            p = run_script(script, "--help", env=env)
            # Without the variable the script takes the first folder beside
            # the checkout that holds maps/, as find_bench_dir does with
            # that env (a clean clone's ../shared may be a link: compare
            # the names the rule gives, not this run's GPPC_BENCH_DIR).
            found = find_bench_dir(env=env)[0] or bench_candidates(env=env)[0]
            self.assertIn("here %s)" % found, " ".join(p.stdout.split()), script)

    def test_eta_learns_each_entrys_cost_per_cell(self):
        jobs = [{"spec": s, "cells": c} for s, c in (("a", 100), ("a", 100), ("b", 100), ("b", 300))]
        pr = run_suite.Progress(jobs, [], 1)
        self.assertIsNone(pr.eta())
        pr.add(jobs[0], 1.0)  # a: 0.01 s per cell
        self.assertAlmostEqual(pr.eta(), 1.0 + 0.01 * 400)  # b unknown: the mean rate
        pr.add(jobs[2], 10.0)  # b: 0.1 s per cell
        self.assertAlmostEqual(pr.eta(), 1.0 + 30.0)


if __name__ == "__main__":
    unittest.main()


class LargeMaps(unittest.TestCase):
    def test_whole_tiles_repeat_the_source_corner(self):
        # --tile 8 of a 13 x 10 source: a side of 32 holds 4 x 4 whole tiles
        # of its 8 x 8 corner, every other one mirrored, with the 2-cell seams
        # on each tile's first rows and columns. A tile larger than the
        # source is refused.
        src = ["@.@@..@@.@"[i % 3:] + "@.@" for i in range(10)]
        with TempDir() as d:
            write(d, "src.map", "type octile\nheight 10\nwidth %d\nmap\n%s\n" % (len(src[0]), "\n".join(src)))
            out = os.path.join(d, "t.map")
            r = run_script("gen_large_maps.py", "--side", "32", "--kind", "dao", "--tile", "8",
                           "--src", os.path.join(d, "src.map"), "--out", out)
            self.assertEqual(r.returncode, 0, r.stderr)
            rows = open(out).read().split("\n")[4:36]
            self.assertEqual(len(rows), 32)
            self.assertTrue(all(len(row) == 32 for row in rows))
            for y in range(32):
                for x in range(32):
                    ty, sy = divmod(y, 8)
                    tx, sx = divmod(x, 8)
                    sy = 7 - sy if ty % 2 else sy
                    sx = 7 - sx if tx % 2 else sx
                    want = "." if y % 8 < 2 or x % 8 < 2 else ("." if src[sy][sx] == "." else "@")
                    self.assertEqual(rows[y][x], want, (x, y))
            r = run_script("gen_large_maps.py", "--side", "32", "--kind", "dao", "--tile", "11",
                           "--src", os.path.join(d, "src.map"), "--out", out)
            self.assertEqual(r.returncode, 2)
            self.assertIn("--tile 11", r.stderr)


FAKE_KIT_RUN = """#!/bin/sh
# A stand-in for the dynamic kit's runner: its result.csv, time_cost from the library copied in.
[ "$1" = -full ] && [ -f "$2" ] || exit 3
t=$(cat lib/libGPPCentry.so)
{ echo "map,scen,experiment_id,snapshot_time,path_size,path_length,ref_length,time_cost,20steps_cost,max_step_time"
  echo "m,s,0,0,3,4.5,4.5,$t,$t,$t"
  echo "m,s,1,0,2,2.0,$REF1,$t,$t,$t"
  echo "m,s,2,0,0,-1,-1,$t,$t,$t"; } > result.csv
"""


class DynBench(unittest.TestCase):
    """scripts/dyn_bench.py: our driver's rounds on a version-2 scenario and the
    kit's runner (a stand-in writing the kit's result.csv) side by side."""
    TINY = os.path.join(ROOT, "tests", "data", "tiny_dynamic.scen")

    def kit(self, d):
        k = os.path.join(d, "kit")
        os.makedirs(os.path.join(k, "lib"))
        os.makedirs(os.path.join(k, "index_data"))
        run = write(k, "run", FAKE_KIT_RUN)
        os.chmod(run, 0o755)
        return k, write(d, "a.so", "3000"), write(d, "b.so", "1000")

    def test_driver_and_kit_tables(self):
        with TempDir() as d:
            k, a, b = self.kit(d)
            env = dict(os.environ, REF1="2.0")
            p = run_script("dyn_bench.py", "--gppc", GPPC, "--entries", "mm,jps", "--kit-dir", k, "--kit-lib",
                           "a=" + a, "--kit-lib", "jps=" + b, "--rounds", "2", "--pre-dir", d + "/pre", "--out",
                           d + "/out", self.TINY, env=env)
            self.assertEqual(p.returncode, 0, p.stderr)
            with open(os.path.join(d, "out", "dyn_bench.md")) as f:
                md = f.read()
            with open(os.path.join(d, "out", "dyn_bench.csv")) as f:
                rows = list(csv.DictReader(f))
        driver = [r for r in rows if r["runner"] == "driver"]
        self.assertEqual(sorted((r["round"], r["label"]) for r in driver),
                         [("1", "jps"), ("1", "mm"), ("2", "jps"), ("2", "mm")])
        self.assertTrue(all(r["invalid"] == "0.0" and float(r["updates"]) > 0 for r in driver), driver)
        self.assertTrue(all(float(r["total_cpu_s"]) > 0 for r in driver), driver)
        # The kit: three rows, one unanswered without a reference; 3 x 3000 ns against 3 x 1000 ns.
        self.assertIn("| a | 3 | 0 | 0 | 9e-06 | 9e-06 | 0.003 | 3.00x |", md)
        self.assertIn("| jps | 3 | 0 | 0 | 3e-06 | 3e-06 | 0.001 | 1.00x |", md)

    def test_a_path_below_the_reference_fails_and_bad_usage_exits_2(self):
        with TempDir() as d:
            k, a, b = self.kit(d)
            p = run_script("dyn_bench.py", "--gppc", GPPC, "--entries", "jps", "--kit-dir", k, "--kit-lib", "a=" + a,
                           "--rounds", "1", "--pre-dir", d + "/pre", "--out", d + "/out", self.TINY,
                           env=dict(os.environ, REF1="2.5"))
            self.assertEqual(p.returncode, 1, p.stderr)
            p = run_script("dyn_bench.py", "--kit-lib", "a=" + a, self.TINY)
            self.assertEqual(p.returncode, 2)
            self.assertIn("--kit-lib needs --kit-dir", p.stderr)
            p = run_script("dyn_bench.py", "--kit-dir", k, "--kit-lib", "a", self.TINY)
            self.assertEqual(p.returncode, 2)
            self.assertIn("expected LABEL=FILE", p.stderr)


class SamePaths(unittest.TestCase):
    """scripts/same_paths.py: two sides replaying the same maps, compared cell for cell."""

    def test_same_entry_is_same_and_another_entry_differs(self):
        grid = "type octile\nheight 6\nwidth 8\nmap\n" + "........\n" * 6  # open: many optimal paths
        scen = "version 1\n0\tmaps/t/a.map\t8\t6\t0\t0\t7\t3\t8.24264069\n0\tmaps/t/a.map\t8\t6\t7\t5\t0\t2\t8.24264069\n"
        with TempDir() as d:
            make_bench(d, scen)
            write(os.path.join(d, "maps", "t"), "a.map", grid)
            env = dict(os.environ, GPPC_BENCH_DIR=d)
            p = run_script("same_paths.py", "--entry", "astar", "--maps", "t/a", env=env)
            self.assertEqual(p.returncode, 0, p.stdout + p.stderr)
            self.assertIn("t/a same (2 queries)", p.stdout)
            # Two optimal entries that break ties apart: same lengths, other cells.
            p = run_script("same_paths.py", "--entry", "astar", "--after-entry", "jps", "--maps", "t/a", env=env)
            self.assertEqual(p.returncode, 1, p.stdout + p.stderr)
            self.assertRegex(p.stdout, r"t/a DIFFER in [12] of 2 queries, first at replayed query 0: "
                                       r"the same length 8.242641, cells differ .*; subopt_mean 1.000000 -> 1.000000, "
                                       r"subopt_max 1.000000 -> 1.000000, invalid 0 -> 0")
            p = run_script("same_paths.py", "--maps", "t/none", env=env)
            self.assertEqual(p.returncode, 2)
            self.assertIn("t/none: no ", p.stderr)


class MmMemory(unittest.TestCase):
    def test_from_csv_tabulates_against_the_budget(self):
        """Rows measured before (bench.py counters): the budget of 64 KiB + 3
        bits a cell (24 cells: 65545 bytes), per binary; a bad row names its line."""
        with TempDir() as d:
            make_bench(d)
            rows = "binary,entry,family,map,mm_bytes,mm_bytes_legs,subopt_mean,subopt_max,invalid\n" \
                   "old,mm,t,a,131090,70000,1.01,1.2,0\nnew,mm,t,a,65545,4455,1.01,1.2,0\n"
            src = write(d, "parts.csv", rows)
            p = run_script("mm_memory.py", "--bench-dir", d, "--from-csv", src, "--out", os.path.join(d, "m"))
            self.assertEqual(p.returncode, 0, p.stderr)
            self.assertIn("| old | 1 | 0 | 2.000 | 2.000 (a) | 64 |", p.stdout)
            self.assertIn("| new | 1 | 1 | 1.000 | 1.000 (a) | 0 |", p.stdout)
            with open(os.path.join(d, "m.csv")) as f:
                got = list(csv.DictReader(f))
            self.assertEqual([(r["binary"], r["budget"], r["mm_bytes_legs"]) for r in got],
                             [("old", "65545", "70000"), ("new", "65545", "4455")])
            write(d, "parts.csv", rows.replace("65545", "lots"))
            p = run_script("mm_memory.py", "--bench-dir", d, "--from-csv", src, "--out", os.path.join(d, "m"))
            self.assertEqual(p.returncode, 1)
            self.assertIn("parts.csv:3:", p.stderr)
