"""build/gppc speaking the GPPC start kits' conventions: their command forms,
result.csv layouts, and the dynamic kit's version-2 scenario with patches
(tests/data/tiny_dynamic.scen, written for these tests in that format)."""
import csv
import os
import re
import unittest

from tests.py.util import ROOT, TempDir, run_gppc, write

MAP = "type octile\nheight 3\nwidth 5\nmap\n.....\n.@@@.\n.....\n"
SCEN = ("version 1\n"
        "0\tm.map\t5\t3\t0\t0\t4\t0\t4\n"
        "1\tm.map\t5\t3\t0\t0\t4\t2\t6\n")
CLASSIC = "map,scen,experiment_id,path_size,path_length,ref_length,time_cost,20steps_cost,max_step_time"
DYNAMIC = ("scen,experiment_id,snapshot_id,snapshot_time,path_size,path_length,ref_length,time_cost,"
           "20steps_cost,max_step_time")
TINY = os.path.join("tests", "data", "tiny_dynamic.scen")


def summary(stdout):
    line = [l for l in stdout.splitlines() if l.startswith("SUMMARY ")][0]
    return dict(kv.split("=", 1) for kv in line.split()[1:])


class ClassicKit(unittest.TestCase):
    def test_csv_is_the_kits_result_csv(self):
        with TempDir() as d:
            m, s = write(d, "m.map", MAP), write(d, "m.map.scen", SCEN)
            code, _, err = run_gppc("--entry", "astar", "--pre-dir", d, "--csv", d + "/r.csv", "-full", m, s)
            self.assertEqual(code, 0, err)
            with open(d + "/r.csv") as f:
                lines = f.read().splitlines()
            self.assertEqual(lines[0], CLASSIC)
            # std::fixed with setprecision(9) for lengths, integer ns, paths as given.
            row = re.compile(r"^%s,%s,\d+,\d+,\d+\.\d{9},\d+\.\d{9},\d+,\d+,\d+$" % (re.escape(m), re.escape(s)))
            for line in lines[1:]:
                self.assertRegex(line, row)
            self.assertEqual(lines[2].split(",")[4:6], ["6.000000000", "6.000000000"])

    def test_csv_extra_follows_the_kits_columns(self):
        with TempDir() as d:
            m, s = write(d, "m.map", MAP), write(d, "m.map.scen", SCEN)
            code, _, err = run_gppc("--pre-dir", d, "--csv", d + "/r.csv", "--csv-extra", "-full", m, s)
            self.assertEqual(code, 0, err)
            with open(d + "/r.csv") as f:
                header = f.readline().strip()
            self.assertEqual(header, CLASSIC + ",bucket,expanded,valid,rep,calls,optimal,time_cost_cpu,max_step_time_cpu")

    def test_pre_forms(self):
        with TempDir() as d:
            m = write(d, "m.map", MAP)
            for extra in (["none"], [], ["/no/such/scenario"]):
                code, out, err = run_gppc("--pre-dir", d, "-pre", m, *extra)
                self.assertEqual(code, 0, (extra, err))
                self.assertEqual(summary(out)["queries"], "0")
            code, _, err = run_gppc("--pre-dir", d, "-full", m)
            self.assertEqual(code, 2)
            self.assertIn("not a version-2 scenario", err)

    def test_first20_option(self):
        with TempDir() as d:
            m, s = write(d, "m.map", MAP), write(d, "m.map.scen", SCEN)
            for rule in ("cells", "distance"):
                code, _, err = run_gppc("--pre-dir", d, "--first20", rule, "-full", m, s)
                self.assertEqual(code, 0, err)
            code, _, err = run_gppc("--pre-dir", d, "--first20", "moves", "-full", m, s)
            self.assertEqual(code, 2)
            self.assertIn("--first20 moves", err)


class DynamicKit(unittest.TestCase):
    def test_tiny_scenario_through_update_entries(self):
        for entry in ("mm", "jps"):
            with TempDir() as d:
                code, out, err = run_gppc("--entry", entry, "--pre-dir", d, "--csv", d + "/r.csv", "-check", TINY)
                self.assertEqual(code, 0, err)
                sm = summary(out)
                self.assertEqual((sm["queries"], sm["valid"], sm["invalid"], sm["unreachable"], sm["skipped"],
                                  sm["updates"], sm["update_by_rebuild"]), ("13", "13", "0", "3", "0", "3", "0"))
                with open(d + "/r.csv") as f:
                    self.assertEqual(f.readline().strip(), DYNAMIC)
                    rows = list(csv.DictReader([DYNAMIC] + f.read().splitlines()))
                self.assertEqual([r["snapshot_id"] for r in rows], list("0000111222333"))
                self.assertEqual([int(r["snapshot_time"]) > 0 for r in rows],
                                 [i in (4, 7, 10) for i in range(13)])
                for r in rows:
                    self.assertEqual(r["scen"], TINY)
                    self.assertRegex(r["path_length"], r"^-?\d+\.\d{14}$")
                    ref, got = float(r["ref_length"]), float(r["path_length"])
                    if ref < 0:  # the kit's "no path": an empty answer, length -1
                        self.assertEqual((r["path_size"], got), ("0", -1.0))
                    elif entry == "jps":  # optimal: the patches made the map the costs were computed on
                        self.assertAlmostEqual(got, ref, places=9, msg=r["experiment_id"])

    def test_bad_version2_inputs(self):
        with TempDir() as d:
            with open(os.path.join(ROOT, TINY)) as f:
                text = f.read()
            with open(os.path.join(ROOT, "tests/data/tiny_dynamic.patch")) as f:
                write(d, "tiny_dynamic.patch", f.read())
            cases = [("P 3 4 0 5", "P 3 9 0 5", "patch 9 is not in the patch file", 22),
                     ("P 3 4 0 5", "P 3 4 1 5", "leaves the 16x10 map", 22),
                     ("Q 0 0 0 15 9 ", "Q 0 0 0 16 9 ", "outside the 16x10 map", 8),
                     ("cost 2 octile euclidean", "cost 1 euclidean", "no 'octile' cost", 4),
                     ("patch tiny_dynamic.patch", "patch gone.patch", "gone.patch", None)]
            for old, new, msg, line in cases:
                s = write(d, "bad.scen", text.replace(old, new))
                code, _, err = run_gppc("--pre-dir", d, "-full", s)
                self.assertEqual(code, 2, (new, err))
                self.assertIn(msg, err)
                if line:
                    self.assertIn("bad.scen:%d:" % line, err)
                self.assertEqual(len(err.strip().splitlines()), 1, err)
            code, _, err = run_gppc("--pre-dir", d, "-full", "m.map", TINY)
            self.assertEqual(code, 2)
            self.assertIn("holds its map: give it alone", err)


if __name__ == "__main__":
    unittest.main()
