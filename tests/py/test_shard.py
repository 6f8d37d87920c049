"""run_suite.py --shard K/N and run_suite.py merge: three shards merged give
the tables of one unsharded run (timing columns aside)."""
import csv
import os
import subprocess
import sys
import unittest

from tests.py.util import ROOT, TempDir, write

sys.path.insert(0, os.path.join(ROOT, "scripts"))
import suite_shard  # noqa: E402

SUITE = os.path.join(ROOT, "scripts", "run_suite.py")
# Five maps in two families, each its own layout, so a lost or doubled map
# changes the tables.
MAPS = {("f1", "a"): ["......", ".@@@@.", "......", "......"],
        ("f1", "b"): ["......", "......", ".@@@@.", "......"],
        ("f1", "c"): ["......", "@@@@@.", "......", "......"],
        ("f2", "d"): [".@....", ".@.@..", ".@.@..", "...@.."],
        ("f2", "e"): ["......", "......", "......", "......"]}
QUERIES = [(0, 0, 5, 0), (0, 0, 5, 3), (0, 3, 5, 3), (2, 0, 4, 3)]
TIMING = {"total_s", "mean_us", "first20_us", "max_step_us", "step_us", "ram_before_kb", "ram_after_kb", "pre_s"}


def octile(rows, s, g):
    """Optimum by Dijkstra (no corner cutting); the bench's scenario column."""
    import heapq
    h, w = len(rows), len(rows[0])
    free = lambda x, y: 0 <= x < w and 0 <= y < h and rows[y][x] == "."  # noqa: E731
    dist, pq = {s: 0.0}, [(0.0, s)]
    while pq:
        d, (x, y) = heapq.heappop(pq)
        if (x, y) == g:
            return d
        for dx in (-1, 0, 1):
            for dy in (-1, 0, 1):
                n = (x + dx, y + dy)
                if (dx or dy) and free(*n) and (not (dx and dy) or (free(x + dx, y) and free(x, y + dy))):
                    nd = d + (2 ** 0.5 if dx and dy else 1)
                    if nd < dist.get(n, 1e9):
                        dist[n] = nd
                        heapq.heappush(pq, (nd, n))
    return 0


def make_bench(d):
    for (fam, name), rows in MAPS.items():
        os.makedirs(os.path.join(d, "maps", fam), exist_ok=True)
        os.makedirs(os.path.join(d, "scenarios", fam), exist_ok=True)
        write(os.path.join(d, "maps", fam), name + ".map",
              "type octile\nheight %d\nwidth %d\nmap\n%s\n" % (len(rows), len(rows[0]), "\n".join(rows)))
        lines = ["version 1"] + ["0\t%s.map\t6\t4\t%d\t%d\t%d\t%d\t%.8f" % (name, sx, sy, gx, gy,
                                                                          octile(rows, (sx, sy), (gx, gy)))
                                 for sx, sy, gx, gy in QUERIES]
        write(os.path.join(d, "scenarios", fam), name + ".map.scen", "\n".join(lines) + "\n")


def suite(*args):
    # The plots' data is compared, not their pictures (tests/py/test_scripts.py draws those).
    p = subprocess.run([sys.executable, SUITE] + list(args), capture_output=True, text=True,
                       env=dict(os.environ, GNUPLOT="/nonexistent/gnuplot"))
    if p.returncode != 0:
        raise AssertionError("run_suite %s: %s" % (" ".join(args), p.stderr))
    return p


def untimed_summary(out):
    with open(os.path.join(out, "summary.csv")) as f:
        rows = list(csv.DictReader(f))
    return [{k: v for k, v in r.items() if k.replace("_ci99", "") not in TIMING} for r in rows]


class Shards(unittest.TestCase):
    def test_shards_partition_the_maps(self):
        jobs = [{"family": f, "name": n, "spec": s} for (f, n) in sorted(MAPS) for s in ("astar", "jps")]
        shards = [suite_shard.shard_jobs(jobs, k, 3) for k in range(3)]
        self.assertEqual(sorted(str(j) for s in shards for j in s), sorted(str(j) for j in jobs))
        self.assertEqual([len(s) for s in shards], [4, 4, 2])  # maps 0,3 / 1,4 / 2, both entries each
        self.assertEqual([j["name"] for j in shards[1]], ["b", "b", "e", "e"])

    def test_merged_shards_give_the_unsharded_tables(self):
        with TempDir() as d:
            bench = os.path.join(d, "bench")
            make_bench(bench)
            common = ["--bench-dir", bench, "--entries", "astar,mm"]
            suite(*common, "--out", os.path.join(d, "one"))
            for k in range(3):
                suite(*common, "--no-plots", "--shard", "%d/3" % k, "--out", os.path.join(d, "s%d" % k))
            shards = [os.path.join(d, "s%d" % k) for k in range(3)]
            suite("merge", "--out", os.path.join(d, "merged"), *shards)
            one, merged = untimed_summary(os.path.join(d, "one")), untimed_summary(os.path.join(d, "merged"))
            self.assertEqual(len(one), 6)  # (all, f1, f2) x (astar, mm)
            self.assertEqual(merged, one)
            # A shard alone is not the whole suite: the check above can fail.
            self.assertNotEqual(untimed_summary(shards[0]), one)
            with open(os.path.join(d, "one", "summary.md")) as a, open(os.path.join(d, "merged", "summary.md")) as b:
                self.assertEqual(len(a.read().splitlines()), len(b.read().splitlines()))
            # The criteria too (merge once left them out): the same entries and untimed counts.
            untimed = ("family", "entry", "queries", "solved", "optimal", "subopt_mean", "subopt_max")
            rows = {}
            for name in ("one", "merged"):
                with open(os.path.join(d, name, "criteria.csv")) as f:
                    rows[name] = [{k: r[k] for k in untimed if k in r} for r in csv.DictReader(f)]
            self.assertTrue(rows["one"])
            self.assertEqual(rows["merged"], rows["one"])
            # The plots' untimed data, one folder per family (scripts/plot.py).
            compared = 0
            for family in sorted(os.listdir(os.path.join(d, "one", "plots"))):
                for plot in ("subopt", "expanded"):
                    path = os.path.join("plots", family, plot + ".dat")
                    if not os.path.exists(os.path.join(d, "one", path)):
                        continue
                    with open(os.path.join(d, "one", path)) as a, open(os.path.join(d, "merged", path)) as b:
                        self.assertEqual(b.read(), a.read(), path)
                    compared += 1
            self.assertGreaterEqual(compared, 4, "no per-family plot data to compare")

    def test_bad_shard_and_mixed_builds(self):
        with TempDir() as d:
            bench = os.path.join(d, "bench")
            make_bench(bench)
            p = subprocess.run([sys.executable, SUITE, "--bench-dir", bench, "--shard", "3/3"],
                               capture_output=True, text=True)
            self.assertNotEqual(p.returncode, 0)
            self.assertIn("0 <= K < N", p.stderr)
            a, b = os.path.join(d, "a"), os.path.join(d, "b")
            suite("--bench-dir", bench, "--entries", "astar", "--no-aggregate", "--shard", "0/2", "--out", a)
            suite("--bench-dir", bench, "--entries", "astar", "--no-aggregate", "--shard", "1/2", "--out", b,
                  "--repeat", "2")
            p = subprocess.run([sys.executable, SUITE, "merge", "--out", os.path.join(d, "m"), a, b],
                               capture_output=True, text=True)
            self.assertNotEqual(p.returncode, 0)
            self.assertIn("different gppc builds or settings", p.stderr)


if __name__ == "__main__":
    unittest.main()
