"""scripts/compare.py: entries and an external planner side by side on a tiny
family, one row each, ratios against the baseline, invalid paths counted."""
import csv
import os
import subprocess
import sys
import unittest

from tests.py.test_scripts import make_bench
from tests.py.util import ROOT, TempDir, write

SCRIPT = os.path.join(ROOT, "scripts", "compare.py")


def run(*args):
    return subprocess.run([sys.executable, SCRIPT] + list(args), capture_output=True, text=True)


class Compare(unittest.TestCase):
    def test_side_by_side_with_an_external_planner(self):
        with TempDir() as d:
            make_bench(d)
            fake = write(d, "fake.sh", "#!/bin/sh\necho \"FAKE queries=3 mean_us=2 total_s=0.000006 bad=1\"\n")
            os.chmod(fake, 0o755)
            out = os.path.join(d, "out")
            p = run("--bench-dir", d, "--family", "t", "--entries", "astar,mm:smooth=0;hold=8",
                    "--baseline", "astar", "--second", "fake", "--external", "fake=%s {map} {scen}" % fake, "--rounds", "2",
                    "--pre-dir", os.path.join(d, "pre"), "--out", out)
            self.assertEqual(p.returncode, 1, p.stderr)  # the fake planner reported a wrong answer
            with open(os.path.join(out, "compare.md")) as f:
                md = f.read()
            self.assertIn("| astar | 3 | 0 |", md)
            self.assertIn("| mm:smooth=0,hold=8 | 3 | 0 |", md)
            self.assertIn("| fake | 3 | 1 |", md)
            with open(os.path.join(out, "compare.csv")) as f:
                rows = list(csv.DictReader(f))
            self.assertEqual(sorted(r["entry"] for r in rows), ["astar", "fake", "mm:smooth=0,hold=8"])
            astar = [r for r in rows if r["entry"] == "astar"][0]
            self.assertEqual(int(astar["queries"]), 3)
            self.assertIn("| 1.000 | 1.00 (a) | 0 |", md)  # astar against itself: no map above 1.5x
            self.assertIn("maps > 1.5x astar | worst map subopt mean | time / fake | maps > 2x fake |", md)
            fake_row = [l for l in md.splitlines() if l.startswith("| fake |")][0]
            self.assertTrue(fake_row.endswith("| 1.000 | 0 | 1.00 (a) |"), fake_row)  # fake against itself

    def test_bad_usage(self):
        p = run("--family", "t", "--entries", "astar", "--baseline", "jps", "--bench-dir", ROOT)
        self.assertEqual(p.returncode, 2)
        self.assertIn("--baseline jps is not among the entries", p.stderr)

    def test_per_call_figures_are_a_median_over_rounds(self):
        # A stand-in runner: every --cpu-clock call run gives another longest
        # call; one run's figure (the last, 90) must not stand for the map.
        # Each run's --calls file has a spike in another call: each call's
        # least reading over the rounds drops them all.
        sys.path.insert(0, os.path.join(ROOT, "scripts"))
        import compare
        calls = []
        spikes = [("0", "1"), ("1", "0"), ("0", "0")]
        cost = {("0", "0"): 3.0, ("0", "1"): 5.0, ("1", "0"): 2.0}  # query 0: two calls, 8 µs

        class Fake:
            def gppc_run(self, spec, mode, mp, sc, extra=None):
                if extra:
                    calls.append(spec)
                    with open(extra[extra.index("--calls") + 1], "w") as f:
                        f.write("query\tcall\tcells\tdone\twall_us\tcpu_us\n")
                        for (q, c), v in sorted(cost.items()):
                            v += 100.0 if (q, c) == spikes[len(calls) - 1] else 0.0
                            f.write("%s\t%s\t1\t1\t%.3f\t%.3f\n" % (q, c, v, v))
                    return {"call_cpu_max_us": str([40, 10, 90][len(calls) - 1])}
                return {"total_s": "1", "queries": "2", "valid": "2"}

        rows = []
        compare.run_family(Fake(), "t", [("m", "m.map", "m.scen")], ["mm"], [], 3, rows,
                           call_keys=["call_cpu_max_us"])
        self.assertEqual(calls, ["mm"] * 3)  # one call-clock run a round
        self.assertEqual(rows[0]["call_cpu_max_us"], 40)
        self.assertEqual(rows[0]["call_cpu_least_max_us"], 5.0)
        self.assertEqual(rows[0]["query_cpu_least_max_us"], 8.0)
        self.assertEqual(rows[0]["call_cpu_least_p999_us"], 5.0)  # under 1000 calls the p99.9 is the longest

    def test_p999_over_each_calls_least_reading(self):
        # 2000 calls costing 1..2000 µs at their least; each round spikes
        # other calls. The p99.9 (nearest rank, the driver's) is the 1998th
        # least reading, whatever one round read.
        sys.path.insert(0, os.path.join(ROOT, "scripts"))
        import compare
        with TempDir() as d:
            paths = []
            for r in range(3):
                path = os.path.join(d, "calls.%d" % r)
                with open(path, "w") as f:
                    f.write("query\tcall\tcells\tdone\twall_us\tcpu_us\n")
                    for q in range(2000):
                        cpu = q + 1 + (5000.0 if q % 3 == r else 0.0)
                        f.write("%d\t0\t1\t1\t%.3f\t%.3f\n" % (q, cpu, cpu))
                paths.append(path)
            call, query, p999 = compare.least_calls(paths)
        self.assertEqual((call, query, p999), (2000.0, 2000.0, 1998.0))


if __name__ == "__main__":
    unittest.main()
