"""scripts/bench.py: each kind of measurement on a tiny family writes its CSV and its table under the
command that made it; a failing -check is exit 1 with the row kept; bad usage is exit 2."""
import csv
import os
import unittest

from tests.py.test_scripts import SCEN, make_bench, run_script
from tests.py.util import GPPC, TempDir

# The true optimum of the second query (around the wall), so -check passes; SCEN's is too short.
GOOD = SCEN.replace("6.41421356", "7.41421356")


def rows(path):
    with open(path, newline="") as f:
        return list(csv.DictReader(f))


class Bench(unittest.TestCase):
    def run_bench(self, d, kind, *extra):
        out = os.path.join(d, kind + ".csv")
        p = run_script("bench.py", kind, "--bench-dir", d, "--family", "t", "--out", out, *extra)
        return p, out

    def test_check_paths_counters(self):
        with TempDir() as d:
            make_bench(d, GOOD)
            p, out = self.run_bench(d, "check", "--entries", "astar,jps")
            self.assertEqual(p.returncode, 0, p.stderr)
            self.assertEqual([(r["entry"], r["exit"], r["queries"]) for r in rows(out)],
                             [("astar", "0", "3"), ("jps", "0", "3")])
            with open(os.path.join(d, "check.md")) as f:
                md = f.read()
            self.assertIn("python3 scripts/bench.py check --bench-dir", md)
            self.assertIn("| build | jps | t | a | 0 | 3 | 0 | 0 |", md)
            # Two optimal entries: the same path sizes and lengths, so the same sum.
            p, out = self.run_bench(d, "paths", "--entries", "astar,jps", "--gppc", "x=" + GPPC)
            self.assertEqual(p.returncode, 0, p.stderr)
            sums = [r["md5"] for r in rows(out)]
            self.assertEqual(len(sums), 2)
            self.assertEqual(sums[0], sums[1])
            # Every other query: a different file, so a different sum.
            p, out = self.run_bench(d, "paths", "--entries", "jps", "--queries-every", "2")
            self.assertEqual(p.returncode, 0, p.stderr)
            self.assertEqual(rows(out)[0]["queries"], "2")
            self.assertNotEqual(rows(out)[0]["md5"], sums[0])
            p, out = self.run_bench(d, "counters", "--entries", "jps+", "--keys", "prune_diag,queries")
            self.assertEqual(p.returncode, 0, p.stderr)
            self.assertEqual((rows(out)[0]["prune_diag"], rows(out)[0]["queries"]), ("1", "0"))

    def test_failing_check_and_build(self):
        with TempDir() as d:
            make_bench(d)  # the second query's optimum is too short: astar's path is over its bound
            p, out = self.run_bench(d, "check", "--entries", "astar")
            self.assertEqual(p.returncode, 1, p.stderr)
            r = rows(out)[0]
            self.assertEqual((r["exit"], r["over_bound"]), ("1", "1"))
            if os.access("/usr/bin/time", os.X_OK):
                p, out = self.run_bench(d, "build", "--entries", "jps+", "--gppc", "a=" + GPPC, "--gppc", "b=" + GPPC)
                self.assertEqual(p.returncode, 0, p.stderr)
                a, b = rows(out)
                self.assertEqual(a["file_md5"], b["file_md5"])
                self.assertGreater(int(a["storage_bytes"]), 0)
                self.assertGreater(int(a["peak_kb"]), 0)

    def test_bad_usage(self):
        with TempDir() as d:
            make_bench(d)
            p, _ = self.run_bench(d, "counters")
            self.assertEqual(p.returncode, 2)
            self.assertIn("--keys", p.stderr)
            p, _ = self.run_bench(d, "check", "--gppc", "x=" + os.path.join(d, "nothing"))
            self.assertEqual(p.returncode, 2)
            self.assertIn("not an executable", p.stderr)
            p, _ = self.run_bench(d, "check", "--maps", "nosuch")
            self.assertEqual(p.returncode, 2)
            self.assertIn("no map selected", p.stderr)


if __name__ == "__main__":
    unittest.main()
