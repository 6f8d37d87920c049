"""scripts/mm_paper.py: issue #31's acceptance table from one command on a
tiny family (every check a line with its verdict and numbers, the per-map
medians with the CPU-clock figures in the CSV), resumed without running
again, and the verdicts following the numbers on file (--table-only)."""
import csv
import os
import unittest

from tests.py.test_scripts import make_bench, run_script
from tests.py.util import TempDir, run_gppc, write

CHECKS = ["mm instance <= 64 KB + 3 bits/cell", "RSS added by mm the least", "mm's longest call (CPU)",
          "mm per-call p99.9 (CPU)", "mm total <= jps's, family", "mm total <= 2x jps's, every map",
          "mm total <= jps+'s, family", "mm first-20 total <= ch's", "mm subopt mean", "mm subopt max",
          "mm 0 invalid"]


def verdicts(md):
    """{check text: verdict} of the table's check lines."""
    out = {}
    for line in md.splitlines():
        cells = [c.strip() for c in line.strip("|").split("|")]
        if len(cells) == 3 and cells[1] in ("PASS", "FAIL", "n/a"):
            out[cells[0]] = cells[1]
    return out


def find(vs, start):
    return [v for k, v in vs.items() if k.startswith(start)]


class MmPaper(unittest.TestCase):
    def test_table_resume_and_verdicts(self):
        with TempDir() as d:
            make_bench(d)
            work, out = os.path.join(d, "work"), os.path.join(d, "acc.md")
            args = ["--bench-dir", d, "--families", "t", "--entries", "mm,jps,jps+,ch,sub", "--jps2", "jps",
                    "--rounds", "1", "--work", work, "--out", out]
            p = run_script("mm_paper.py", *args)
            self.assertIn(p.returncode, (0, 1), p.stderr)
            with open(out) as f:
                md = f.read()
            self.assertIn("## t: 1 of 1 maps", md)
            built = run_gppc("--version")[1].split()[1]
            self.assertIn("(driver built from %s)" % built, md)  # the binary measured, not only the tree
            vs = verdicts(md)
            for c in CHECKS:
                self.assertEqual(len(find(vs, c)), 1, (c, md))
            self.assertEqual(find(vs, "mm per-call p99.9")[0], "n/a")  # a dao-only check
            self.assertEqual(find(vs, "mm 0 invalid")[0], "PASS")
            with open(os.path.splitext(out)[0] + ".csv", newline="") as f:
                rows = list(csv.DictReader(f))
            self.assertEqual(sorted(r["entry"] for r in rows), ["ch", "jps", "jps+", "mm", "sub"])
            for r in rows:
                self.assertGreater(float(r["call_cpu_max_us"]), 0, r)
                self.assertLessEqual(float(r["call_cpu_p999_us"]), float(r["call_cpu_max_us"]))
                self.assertEqual(int(r["cells"]), 24)
            # Resumed: the map is on file, nothing runs again.
            p = run_script("mm_paper.py", *args)
            self.assertNotIn("compare: t", p.stderr)
            # The verdicts follow the numbers: mm 3x slower than jps on the map, mm_bytes over its limit.
            path = os.path.join(work, "t", "time.csv")
            with open(path, newline="") as f:
                rows = list(csv.DictReader(f))
            jps = next(r for r in rows if r["entry"] == "jps")
            mm = next(r for r in rows if r["entry"] == "mm")
            mm["total_s"] = str(3 * float(jps["total_s"]))
            mm["mm_bytes"] = str(64 * 1024 + 3 * 24 // 8 + 1)
            self.assertNotEqual(mm["call_cpu_floor_us"], "")  # the driver's timer floor reached the rows
            # A longest call over a limit that is below the timer's floor: over, and named as such.
            mm["call_cpu_least_max_us"], mm["call_cpu_floor_us"] = "2e6", "1e6"
            with open(path, "w", newline="") as f:
                w = csv.DictWriter(f, fieldnames=list(rows[0].keys()))
                w.writeheader()
                w.writerows(rows)
            p = run_script("mm_paper.py", "--table-only", *args)
            self.assertEqual(p.returncode, 1, p.stderr)
            with open(out) as f:
                md = f.read()
            vs = verdicts(md)
            self.assertEqual(find(vs, "mm total <= 2x jps's, every map"), ["FAIL"])
            self.assertEqual(find(vs, "mm total <= jps's, family"), ["FAIL"])
            self.assertEqual(find(vs, "mm instance <= 64 KB"), ["FAIL"])
            self.assertIn("65546 B against 65545 B", md)
            self.assertIn("mm slower than jps on 1 of 1 maps", md)
            self.assertEqual(find(vs, "mm's longest call (CPU)"), ["FAIL"])
            self.assertIn("limit below it on a (counted over)", md)
            self.assertIn("| a | 2000000.00 |", md)  # the map's row under "over its limit"

    def test_external_planner_joins_the_loop(self):
        # A planner that is not a kit entry (warthog-jps's own program): its
        # total_s is the time checks' reference, and with no CPU figures of
        # its own it never becomes the "fastest optimal entry" of the call check.
        with TempDir() as d:
            make_bench(d)
            work, out = os.path.join(d, "work"), os.path.join(d, "acc.md")
            fake = "fast=echo SUMMARY queries=1 invalid=0 total_s=0.000000001 {map} {scen}"
            p = run_script("mm_paper.py", "--bench-dir", d, "--families", "t", "--entries", "mm,jps",
                           "--external", fake, "--rounds", "1", "--work", work, "--out", out)
            self.assertEqual(p.returncode, 1, p.stderr)  # mm is slower than a planner of 1 ns
            with open(out) as f:
                md = f.read()
            vs = verdicts(md)
            self.assertEqual(find(vs, "mm total <= fast's, family"), ["FAIL"], md)
            self.assertIn("jps's longest query", md)
            self.assertNotIn("fast's longest query", md)
            p = run_script("mm_paper.py", "--entries", "mm", "--external", "nocommand", "--table-only")
            self.assertEqual(p.returncode, 2)
            self.assertIn("expected NAME=COMMAND", p.stderr)

    def test_external_first20_is_the_median_of_the_rounds(self):
        # A planner whose rounds read 10, 20 and 1000 µs a query: its first-20
        # (its whole query) is the median 20, not the last round's 1000.
        with TempDir() as d:
            make_bench(d)
            work, out = os.path.join(d, "work"), os.path.join(d, "acc.md")
            fake = write(d, "fake.sh", 'n=$(($(cat "$0.n" 2>/dev/null || echo 0) + 1)); echo $n > "$0.n"\n'
                         'echo SUMMARY queries=3 invalid=0 total_s=0.001 mean_us=$(( n == 3 ? 1000 : 10 * n ))\n')
            p = run_script("mm_paper.py", "--bench-dir", d, "--families", "t", "--entries", "mm",
                           "--external", "fast=sh %s {map} {scen}" % fake, "--rounds", "3", "--work", work,
                           "--out", out)
            self.assertIn(p.returncode, (0, 1), p.stderr)
            with open(os.path.join(work, "t", "time.csv"), newline="") as f:
                fast = next(r for r in csv.DictReader(f) if r["entry"] == "fast")
            self.assertAlmostEqual(float(fast["first20_s"]), 3 * 20e-6, places=12)

    def test_bad_usage(self):
        p = run_script("mm_paper.py", "--entries", "jps", "--jps2", "jps", "--table-only")
        self.assertEqual(p.returncode, 2)
        self.assertIn("must hold mm", p.stderr)
