"""scripts/reference_table.py: the timing table and the -check table from one
command on a tiny family; a second run resumes (nothing is run again); a wrong
-check exit is reported as a failing map."""
import csv
import os
import unittest

from tests.py.test_scripts import SCEN, make_bench, run_script
from tests.py.util import TempDir

# test_scripts' scenario with the true optimum of its second query (around the wall), so -check passes.
GOOD = SCEN.replace("6.41421356", "7.41421356")


class ReferenceTable(unittest.TestCase):
    def test_tables_resume_and_failures(self):
        with TempDir() as d:
            make_bench(d, GOOD)
            work, out = os.path.join(d, "work"), os.path.join(d, "ref.md")
            args = ["--bench-dir", d, "--families", "t", "--entries", "astar,jps,sub", "--rounds", "1",
                    "--work", work, "--out", out]
            p = run_script("reference_table.py", *args)
            self.assertEqual(p.returncode, 0, p.stderr)
            with open(out) as f:
                md = f.read()
            self.assertIn("## t: 1 of 1 maps timed", md)
            self.assertIn("| sub | 3 | 0 |", md)
            self.assertIn("| sub | t | 1 | 1 | 3 | 0 | 0 | none |", md)
            self.assertIn("check: t a sub exit 0", p.stderr)
            # Resumed: the map and every check are on file, so nothing runs again.
            p = run_script("reference_table.py", *args)
            self.assertEqual(p.returncode, 0, p.stderr)
            self.assertNotIn("compare: t", p.stderr)
            self.assertNotIn("check: t", p.stderr)
            # A failing -check on file is reported with its map, and the exit is 1.
            path = os.path.join(work, "t", "check.csv")
            with open(path, newline="") as f:
                rows = list(csv.DictReader(f))
            rows[0]["exit"] = "1"
            rows[0]["over_bound"] = "2"
            with open(path, "w", newline="") as f:
                w = csv.DictWriter(f, fieldnames=list(rows[0].keys()))
                w.writeheader()
                w.writerows(rows)
            p = run_script("reference_table.py", *args)
            self.assertEqual(p.returncode, 1, p.stderr)
            with open(out) as f:
                self.assertIn("| astar | t | 1 | 1 | 3 | 0 | 2 | a |", f.read())

    def test_bad_usage(self):
        p = run_script("reference_table.py", "--entries", "astar", "--phase", "plot")
        self.assertEqual(p.returncode, 2)
        self.assertIn("--phase", p.stderr)


if __name__ == "__main__":
    unittest.main()
