"""build/gppc end to end: output formats, exit codes, and every bad input
giving one line that names the file, the line and the problem, with exit 2."""
import csv
import os
import stat
import subprocess
import unittest

from tests.py.util import ROOT, TempDir, run_gppc, write

MAP = "type octile\nheight 3\nwidth 5\nmap\n.....\n.@@@.\n.....\n"
SCEN = ("version 1\n"
        "0\tm.map\t5\t3\t0\t0\t4\t0\t4\n"
        "1\tm.map\t5\t3\t0\t0\t4\t2\t6\n"
        "0\tm.map\t5\t3\t2\t2\t2\t2\t0\n")
SUMMARY_KEYS = ("entry queries valid invalid total_s mean_us first20_mean_us max_step_us "
                "subopt_mean subopt_max expanded_mean ram_before_kb ram_after_kb storage_bytes "
                "pre_s").split()


def summary(stdout):
    lines = [l for l in stdout.splitlines() if l.startswith("SUMMARY ")]
    assert len(lines) == 1, stdout
    return dict(kv.split("=", 1) for kv in lines[0].split()[1:])


class DriverRuns(unittest.TestCase):
    def test_full_run_prints_gppc_lines_and_summary(self):
        with TempDir() as d:
            m, s = write(d, "m.map", MAP), write(d, "m.map.scen", SCEN)
            code, out, err = run_gppc("--entry", "astar", "--pre-dir", d + "/pre", "-full", m, s)
            self.assertEqual(code, 0, err)
            gppc = [l.split("\t") for l in out.splitlines() if l.startswith("GPPC\t")]
            self.assertEqual(len(gppc), 3)
            for f in gppc:
                self.assertEqual(f[1], "m.map.scen")
                self.assertEqual(f[2::2][:5], ["total-time", "max-time-step", "time-20-moves",
                                               "total-len", "subopt"])
                self.assertEqual(f[-1], "valid")
            self.assertEqual(gppc[1][9], "6.000000")
            self.assertEqual(gppc[2][11], "1.000000")  # s == g: subopt 1, not NaN
            sm = summary(out)
            for k in SUMMARY_KEYS:
                self.assertIn(k, sm)
            self.assertEqual((sm["entry"], sm["queries"], sm["valid"], sm["invalid"]),
                             ("astar", "3", "3", "0"))
            self.assertEqual(float(sm["subopt_max"]), 1.0)

    def test_csv_and_repeat(self):
        with TempDir() as d:
            m, s = write(d, "m.map", MAP), write(d, "m.map.scen", SCEN)
            code, out, err = run_gppc("--pre-dir", d, "--csv", d + "/r.csv", "--csv-extra", "--repeat", "2",
                                      "-run", m, s)
            self.assertEqual(code, 0, err)
            self.assertEqual(sum(l.startswith("GPPC\t") for l in out.splitlines()), 6)
            with open(d + "/r.csv") as f:
                rows = list(csv.DictReader(f))
            self.assertEqual(len(rows), 6)
            start_kit = ("map,scen,experiment_id,path_size,path_length,ref_length,time_cost,"
                         "20steps_cost,max_step_time").split(",")
            for k in start_kit + ["bucket", "expanded", "valid", "rep"]:
                self.assertIn(k, rows[0])
            self.assertEqual([r["rep"] for r in rows], ["0", "0", "0", "1", "1", "1"])
            # path_size counts what the entry returned: mm's JPS route gives the path's
            # turns, (0,0) (4,0) (4,2) or (0,0) (0,2) (4,2), not its 7 cells
            self.assertEqual(rows[1]["path_size"], "3")
            self.assertEqual(rows[1]["bucket"], "1")
            self.assertTrue(all(r["valid"] == "1" for r in rows))
            self.assertGreater(int(rows[1]["time_cost"]), 0)

    def test_pre_alone_prints_summary(self):
        with TempDir() as d:
            m, s = write(d, "m.map", MAP), write(d, "m.map.scen", SCEN)
            code, out, err = run_gppc("--pre-dir", d, "-pre", m, s)
            self.assertEqual(code, 0, err)
            self.assertFalse([l for l in out.splitlines() if l.startswith("GPPC")])
            self.assertEqual(summary(out)["queries"], "0")
            # As the kit's -pre: no instance prepared, so none of mm's own counters.
            self.assertNotIn("profile", summary(out))
            self.assertGreater(int(summary(out)["storage_bytes"]), 0)

    def test_unreachable_scenario_pair(self):
        with TempDir() as d:
            m = write(d, "m.map", "type octile\nheight 1\nwidth 3\nmap\n.@.\n")
            s = write(d, "s.scen", "version 1\n0\tm\t3\t1\t0\t0\t2\t0\t0\n")
            code, out, err = run_gppc("--pre-dir", d, "-check", m, s)
            self.assertEqual(code, 0, err)
            self.assertEqual(summary(out)["unreachable"], "1")

    def test_path_where_scenario_says_none_is_a_failure(self):
        with TempDir() as d:
            m, s = write(d, "m.map", MAP), write(d, "s.scen", "version 1\n0\tm\t5\t3\t0\t0\t4\t0\t0\n")
            code, out, err = run_gppc("--pre-dir", d, "-full", m, s)
            self.assertEqual(code, 1)
            self.assertIn("invalid", out)
            self.assertIn("s.scen:2: invalid path", err)

    def test_check_fails_above_bound(self):
        with TempDir() as d:
            # The scenario claims 3.9 where the optimum is 4: the optimal path is "too long".
            m, s = write(d, "m.map", MAP), write(d, "s.scen", "version 1\n0\tm\t5\t3\t0\t0\t4\t0\t3.90\n")
            code, out, err = run_gppc("--entry", "astar", "--pre-dir", d, "-check", m, s)
            self.assertEqual(code, 1)
            self.assertIn("s.scen:2: length 4.000000 is above 1 x the optimum", err)
            self.assertEqual(summary(out)["over_bound"], "1")
            code, _, _ = run_gppc("--entry", "astar", "--pre-dir", d, "-full", m, s)
            self.assertEqual(code, 0)  # -full checks validity only

    def test_version_names_the_commit_built_from(self):
        code, out, _ = run_gppc("--version")
        self.assertEqual(code, 0)
        name, built = out.split()
        self.assertEqual(name, "gppc-mm")
        head = subprocess.run(["git", "-C", ROOT, "rev-parse", "--short", "HEAD"], capture_output=True, text=True)
        if head.returncode == 0:  # a checkout: the binary make built here names its commit
            self.assertEqual(built.split("-")[0], head.stdout.strip())
        code, _, err = run_gppc("--no-such-option", "--version")
        self.assertEqual(code, 2, err)  # the options before it are still read

    def test_help(self):
        code, out, _ = run_gppc("--help")
        self.assertEqual(code, 0)
        self.assertIn("-full|-pre|-run|-check", out)
        self.assertIn("astar", out)


class ScenarioPolicy(unittest.TestCase):
    """--bad-queries, the octile warning and -check --bound."""
    # Query 2 starts on a wall, query 3 ends outside the map, query 4 claims an
    # optimum below the octile distance of its ends.
    BAD_SCEN = ("version 1\n"
                "0\tm.map\t5\t3\t0\t0\t4\t0\t4\n"
                "0\tm.map\t5\t3\t1\t1\t4\t0\t3\n"
                "0\tm.map\t5\t3\t0\t0\t9\t0\t9\n"
                "1\tm.map\t5\t3\t0\t0\t4\t2\t6\n"
                "0\tm.map\t5\t3\t0\t0\t4\t0\t3\n")

    def test_fail_is_the_default(self):
        with TempDir() as d:
            m, s = write(d, "m.map", MAP), write(d, "m.map.scen", self.BAD_SCEN)
            for extra in ((), ("--bad-queries=fail",)):
                code, out, err = run_gppc("--entry=astar", "--pre-dir", d, *extra, "-full", m, s)
                self.assertEqual(code, 2, err)
                self.assertIn("m.map.scen:3: start (1,1) is on a blocked cell", err)
                self.assertNotIn("SUMMARY", out)

    def test_skip_runs_the_rest_validly_and_counts(self):
        with TempDir() as d:
            m, s = write(d, "m.map", MAP), write(d, "m.map.scen", self.BAD_SCEN)
            code, out, err = run_gppc("--entry=astar", "--pre-dir", d, "--bad-queries", "skip", "-full", m, s)
            self.assertEqual(code, 0, err)
            sm = summary(out)
            self.assertEqual((sm["queries"], sm["valid"], sm["invalid"], sm["bad_queries"]), ("3", "3", "0", "2"))
            self.assertIn("skipped", err)
            self.assertIn(":3: start (1,1) is on a blocked cell", err)
            self.assertIn(":4: goal (9,0) outside the 5x3 map", err)
            self.assertEqual(sum(l.endswith("\tvalid") for l in out.splitlines()), 3)

    def test_optimum_below_octile_warns_and_counts(self):
        with TempDir() as d:
            m, s = write(d, "m.map", MAP), write(d, "m.map.scen", self.BAD_SCEN)
            code, out, err = run_gppc("--entry=astar", "--pre-dir", d, "--bad-queries=skip", "-full", m, s)
            self.assertIn("warning: %s:6: optimum 3 is below the octile distance 4" % s, err)
            self.assertEqual(summary(out)["below_octile"], "1")
            with TempDir() as d2:
                # An optimum equal to the octile distance 4.8284271 but printed
                # truncated, 4.82842 (public files do this), is no warning.
                scen = SCEN + "1\tm.map\t5\t3\t0\t0\t4\t2\t4.82842\n"
                m, s = write(d2, "m.map", MAP), write(d2, "m.map.scen", scen)
                code, out, err = run_gppc("--entry=astar", "--pre-dir", d2, "-full", m, s)
                self.assertNotIn("warning", err)
                self.assertEqual(summary(out)["below_octile"], "0")

    def test_check_bound_applies_to_entries_without_one(self):
        with TempDir() as d:
            m, s = write(d, "m.map", MAP), write(d, "m.map.scen", SCEN)
            # akers proves no bound: -check validates only and says so.
            code, out, err = run_gppc("--entry=akers", "--pre-dir", d, "-check", m, s)
            self.assertEqual(code, 0, err)
            self.assertIn("no proven suboptimality bound", err)
            # mm proves no bound either: on the longest queries of an embedded map
            # its paths are above the optimum, which -check lets through and a
            # --bound below its worst ratio fails.
            with open(os.path.join(ROOT, "scenarios", "rooms", "8room256-0.map.scen")) as f:
                lines = f.readlines()
            s = write(d, "r.map.scen", lines[0] + "".join(lines[-60:]))
            m = os.path.join(ROOT, "maps", "rooms", "8room256-0.map")
            code, out, err = run_gppc("--pre-dir", d, "-check", m, s)
            self.assertEqual(code, 0, err)
            worst = float(summary(out)["subopt_max"])
            self.assertGreater(worst, 1.02)
            bound = "%.3f" % (1 + (worst - 1) / 2)
            code, out, err = run_gppc("--pre-dir", d, "--bound=" + bound, "-check", m, s)
            self.assertEqual(code, 1, err)
            self.assertIn("is above %s x the optimum" % bound.rstrip("0"), err)
            self.assertGreater(int(summary(out)["over_bound"]), 0)

    def test_help_lists_entry_options_and_gnu_forms_work(self):
        code, out, _ = run_gppc("--help")
        for needle in ("budget_us=", "centers=", "hold=", "defaults=", "witness=", "split=", "--bad-queries",
                       "--bound"):
            self.assertIn(needle, out)
        with TempDir() as d:
            m, s = write(d, "m.map", MAP), write(d, "m.map.scen", SCEN)
            a = run_gppc("--entry=astar", "--pre-dir=" + d, "-full", m, s)
            b = run_gppc("--entry", "astar", "--pre-dir", d, "-full", m, s)
            self.assertEqual((a[0], b[0]), (0, 0), a[2] + b[2])
            self.assertEqual(summary(a[1])["entry"], "astar")


class DriverBadInput(unittest.TestCase):
    def bad(self, args, *needles):
        code, out, err = run_gppc(*args)
        self.assertEqual(code, 2, (args, out, err))
        lines = err.strip().splitlines()
        self.assertTrue(lines and lines[0].startswith("gppc: "), err)
        for n in needles:
            self.assertIn(n, lines[0])
        self.assertNotIn("SUMMARY", out)
        return lines[0]

    def test_usage_errors(self):
        with TempDir() as d:
            m, s = write(d, "m.map", MAP), write(d, "m.map.scen", SCEN)
            self.bad(["-full", m], "not a version-2 scenario; give MAP SCEN")
            self.bad([m, s], "no mode given")
            self.bad(["-full", "-run", m, s], "only one of")
            self.bad(["--fast", "-full", m, s], "unknown option '--fast'")
            self.bad(["--repeat", "0", "-full", m, s], "--repeat 0")
            self.bad(["--entry"], "--entry needs a value")
            self.bad(["--entry", "dijkstra", "-full", m, s], "unknown entry 'dijkstra'")
            self.bad(["--entry", "astar:speed=9", "-full", m, s], "unknown option 'speed'")
            self.bad(["--entry", "astar:w=0", "-full", m, s], "w=0")

    def test_bad_files(self):
        with TempDir() as d:
            m, s = write(d, "m.map", MAP), write(d, "m.map.scen", SCEN)
            self.bad(["-full", d + "/nope.map", s], "nope.map", "cannot open")
            self.bad(["-full", m, d + "/nope.scen"], "nope.scen", "cannot open")
            bm = write(d, "b.map", MAP.replace(".@@@.", ".@@."))
            self.bad(["-full", bm, s], "b.map:6:", "row 1 has 4 cells, expected 5")
            bm = write(d, "c.map", MAP.replace("width 5", "width 0"))
            self.bad(["-full", bm, s], "c.map:3:", "width 0")
            cases = [("3\t4\t0\t0\t4\t0\t4", "does not match"),
                     ("5\t3\t0\t0\t9\t0\t4", "goal (9,0) outside"),
                     ("5\t3\t1\t1\t4\t0\t4", "start (1,1) is on a blocked cell"),
                     ("5\t3\t0\t0\t4\t0", "8 fields, expected 9"),
                     ("5\t3\tx\t0\t4\t0\t4", "start x 'x' is not an integer")]
            for body, problem in cases:
                bs = write(d, "b.scen", "version 1\n\n0\tm\t%s\n" % body)
                self.bad(["--pre-dir", d, "-full", m, bs], "b.scen:3:", problem)

    def test_unreadable_pre_dir(self):
        with TempDir() as d:
            m, s = write(d, "m.map", MAP), write(d, "m.map.scen", SCEN)
            self.bad(["--pre-dir", d + "/absent", "-run", m, s], "absent", "does not exist")
            f = write(d, "plainfile", "x")
            self.bad(["--pre-dir", f + "/sub", "-full", m, s], "plainfile", "cannot create")
            locked = os.path.join(d, "locked")
            os.mkdir(locked)
            os.chmod(locked, 0)
            try:
                if os.access(locked, os.R_OK):  # root reads anything: nothing to test
                    self.skipTest("running as root: permissions are not enforced")
                self.bad(["--pre-dir", locked, "-run", m, s], "locked", "not readable")
            finally:
                os.chmod(locked, stat.S_IRWXU)


if __name__ == "__main__":
    unittest.main()


# A corridor map: blocking (2,0) and (2,2) around the wall cuts the left from the right.
DYN_MAP = "type octile\nheight 3\nwidth 5\nmap\n.....\n..@..\n.....\n"
DYN_SCEN = ("version 1\n"
            "0\tm.map\t5\t3\t0\t0\t4\t0\t4\n"
            "0\tm.map\t5\t3\t0\t0\t4\t2\t4.82842712\n"
            "0\tm.map\t5\t3\t0\t1\t1\t1\t1\n"
            "0\tm.map\t5\t3\t0\t0\t4\t2\t4.82842712\n"
            "0\tm.map\t5\t3\t0\t0\t0\t2\t2\n")


class DynamicMaps(unittest.TestCase):
    def run_changes(self, entry, changes, *extra):
        with TempDir() as d:
            m, s = write(d, "m.map", DYN_MAP), write(d, "m.map.scen", DYN_SCEN)
            c = write(d, "c.txt", changes)
            return run_gppc("--entry", entry, "--pre-dir", d + "/pre", "--changes", c, *extra,
                            "-full", m, s)

    def test_changes_cut_off_queries_are_skipped_and_optima_recomputed(self):
        # After query 0: (2,0) and (2,2) blocked -> right side cut off, queries 1 and 3 skipped;
        # after query 2: (2,2) freed again -> query 3 runs, with the detour's optimum.
        changes = "# test\n0 2 0 0\n0 2 2 0\n\n2 2 2 1\n"
        for entry in ("mm", "astar", "ch"):
            code, out, err = self.run_changes(entry, changes)
            self.assertEqual(code, 0, err)
            sm = summary(out)
            self.assertEqual((sm["queries"], sm["valid"], sm["skipped"], sm["updates"]),
                             ("4", "4", "1", "2"), entry)
            in_place = entry in ("mm", "astar")  # ch has no update(): the driver rebuilds it
            self.assertEqual(sm["update_by_rebuild"], "0" if in_place else "1")
            self.assertGreater(float(sm["update_us_mean"]), 0)
            if not in_place:
                self.assertIn("rebuilds it from scratch", err)
            gppc = [l.split("\t") for l in out.splitlines() if l.startswith("GPPC\t")]
            # Query 3 on the changed map goes round by (1,2), (2,2): optimum 4 + sqrt(2)
            # from the driver's A*, not the scenario's stale 4.828; optimal entries match it.
            self.assertEqual(gppc[2][-1], "valid")
            if entry != "mm":
                self.assertEqual((gppc[2][9], gppc[2][11]), ("5.414214", "1.000000"), entry)
        code, out, err = self.run_changes("mm", changes, "--rebuild")
        self.assertEqual(code, 0, err)
        self.assertEqual(summary(out)["update_by_rebuild"], "1")

    def test_total_cpu_s_holds_the_updates_only_when_charged(self):
        # total_cpu_s is the CSV's per-query CPU times summed, plus the updates'
        # CPU time when they are charged to the next query (the kit's rule).
        changes = "# test\n0 2 0 0\n0 2 2 0\n\n2 2 2 1\n"
        for charged in ("0", "1"):
            with TempDir() as d:
                m, s = write(d, "m.map", DYN_MAP), write(d, "m.map.scen", DYN_SCEN)
                c = write(d, "c.txt", changes)
                code, out, err = run_gppc("--entry", "mm", "--pre-dir", d + "/pre", "--changes", c,
                                          "--charge-updates", charged, "--csv", d + "/r.csv", "--csv-extra",
                                          "-full", m, s)
                self.assertEqual(code, 0, err)
                with open(d + "/r.csv") as f:
                    calls_cpu = sum(int(r["time_cost_cpu"]) for r in csv.DictReader(f)) * 1e-9
            sm = summary(out)
            updates_cpu = float(sm["update_cpu_us_mean"]) * int(sm["updates"]) * 1e-6
            self.assertGreater(updates_cpu, 0)
            extra = float(sm["total_cpu_s"]) - calls_cpu
            if charged == "0":
                self.assertAlmostEqual(extra, 0, delta=1e-6)
            else:  # both batches come before an answered query (2 and 3)
                self.assertAlmostEqual(extra, updates_cpu, delta=2e-6)

    def test_bad_changes_files(self):
        cases = [("0 2 0\n", "c.txt:1: expected"), ("# x\n9 2 0 0\n", "c.txt:2: after_query '9'"),
                 ("0 7 0 1\n", "c.txt:1: cell (7, 0) is outside"), ("0 1 1 2\n", "c.txt:1: passable '2'"),
                 ("0 a 0 1\n", "c.txt:1: cell (a, 0)")]
        for text, want in cases:
            code, out, err = self.run_changes("astar", text)
            self.assertEqual(code, 2, text)
            self.assertIn(want, err, text)
        with TempDir() as d:
            m, s = write(d, "m.map", DYN_MAP), write(d, "m.map.scen", DYN_SCEN)
            code, _, err = run_gppc("--changes", d + "/none.txt", "-full", m, s)
            self.assertEqual(code, 2)
            self.assertIn("none.txt", err)
            code, _, err = run_gppc("--changes", m, "--repeat", "2", "-full", m, s)
            self.assertEqual(code, 2)
            self.assertIn("--repeat", err)
            code, _, err = run_gppc("--rebuild", "-full", m, s)
            self.assertEqual(code, 2)
