"""A public family as a researcher meets it, through run_suite.py and plot.py:
a small family made from three DAO maps whose every scenario holds a query
with a blocked end runs to the end with --bad-queries skip (summary.md lists
every map's bad_queries) and stops without it; the subopt_cdf legend's
optimal share is the driver's own count (SUMMARY optimal=, within the
scenario's printed precision) for every entry. Plus the plots' legend,
markers and tradeoff labels (scripts/plot.py). Skips without the benchmarks."""
import glob
import os
import re
import subprocess
import sys
import unittest

from tests.py.util import BENCH_ABSENT, BENCH_DIR, ROOT, TempDir

sys.path.insert(0, os.path.join(ROOT, "scripts"))
import plot  # noqa: E402
from gppc_output import parse_summary  # noqa: E402

SUITE = os.path.join(ROOT, "scripts", "run_suite.py")
PLOT = os.path.join(ROOT, "scripts", "plot.py")
# Three small DAO maps; their longest queries have optima of 100 and more,
# printed to 6 significant digits (3 decimals), below the 1e-6 a ratio test
# would demand.
MAPS = ["den001d", "lak203d", "orz302d"]
ENTRIES = "jps,mm"


def blocked_cell(map_path):
    with open(map_path) as f:
        rows = f.read().split("\n")
    for y, row in enumerate(rows[4:]):
        for x, c in enumerate(row):
            if c not in ".GS":
                return x, y
    raise AssertionError("no blocked cell in " + map_path)


def make_family(bench, out_dir, family="daobad"):
    """maps/<family>/ and scenarios/<family>/ under out_dir: each map's two
    shortest and six longest queries, then one whose goal is a blocked cell."""
    os.makedirs(os.path.join(out_dir, "maps", family))
    os.makedirs(os.path.join(out_dir, "scenarios", family))
    for name in MAPS:
        src = os.path.join(bench, "maps", "dao", name + ".map")
        dst = os.path.join(out_dir, "maps", family, name + ".map")
        with open(src) as f, open(dst, "w") as g:
            g.write(f.read())
        with open(os.path.join(bench, "scenarios", "dao", name + ".map.scen")) as f:
            lines = [l for l in f.read().splitlines() if l.strip()]
        head, queries = lines[0], lines[1:]
        keep = queries[:2] + queries[-6:]
        f0 = keep[0].split("\t")
        bx, by = blocked_cell(dst)
        keep.append("\t".join(f0[:6] + [str(bx), str(by), f0[8]]))
        with open(os.path.join(out_dir, "scenarios", family, name + ".map.scen"), "w") as g:
            g.write(head + "\n" + "\n".join(keep) + "\n")
    return family


@unittest.skipUnless(BENCH_DIR and os.path.isdir(os.path.join(BENCH_DIR, "maps", "dao")),
                     BENCH_ABSENT or "benchmark folder %s holds no maps/dao" % BENCH_DIR)
class BlockedFamily(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.tmp = TempDir()
        cls.d = cls.tmp.__enter__()
        cls.family = make_family(BENCH_DIR, cls.d)
        cls.out = os.path.join(cls.d, "out")
        cls.suite = subprocess.run([sys.executable, SUITE, "--bench-dir", cls.d, "--family", cls.family,
                                  "--entries", ENTRIES, "--out", cls.out, "--bad-queries", "skip", "--no-plots"],
                                 capture_output=True, text=True)
        env = dict(os.environ, GNUPLOT="/nonexistent/gnuplot")  # the .gp scripts are enough here
        cls.plot = subprocess.run([sys.executable, PLOT, cls.out], capture_output=True, text=True, env=env)

    @classmethod
    def tearDownClass(cls):
        cls.tmp.__exit__(None, None, None)

    def test_without_skip_the_suite_stops_at_the_first_blocked_query(self):
        p = subprocess.run([sys.executable, SUITE, "--bench-dir", self.d, "--family", self.family, "--entries", "jps",
                            "--out", os.path.join(self.d, "out-fail"), "--no-aggregate"], capture_output=True,
                           text=True)
        self.assertNotEqual(p.returncode, 0)
        self.assertIn("blocked cell", p.stderr)

    def test_with_skip_every_map_is_in_the_summary_with_its_bad_queries(self):
        self.assertEqual(self.suite.returncode, 0, self.suite.stderr)
        with open(os.path.join(self.out, "summary.md")) as f:
            md = f.read()
        for name in MAPS:
            self.assertRegex(md, r"\| %s \| %s \| 1 \|" % (self.family, name))
        self.assertIn("3 queries on 3 of 3 maps", md)

    def summaries(self, tag):
        out = []
        for path in sorted(glob.glob(os.path.join(self.out, "raw", tag, self.family, "*.txt"))):
            with open(path) as f:
                out.append(parse_summary(f.read()))
        self.assertEqual(len(out), len(MAPS))
        return out

    def test_the_legends_optimal_share_is_the_drivers_count(self):
        self.assertEqual(self.plot.returncode, 0, self.plot.stdout + self.plot.stderr)
        with open(os.path.join(self.out, "plots", self.family, "subopt_cdf.gp")) as f:
            gp = f.read()
        shares = dict(re.findall(r"title \"(\S+) \(([\d.]+)% optimal\)\"", gp))
        self.assertEqual(sorted(shares), sorted(ENTRIES.split(",")), gp)
        for entry, share in shares.items():
            sums = self.summaries(entry)
            optimal = sum(s["optimal"] for s in sums)
            measured = sum(s["valid"] - s["unreachable"] for s in sums)
            self.assertEqual(share, "%.1f" % (100.0 * optimal / measured), entry)
        self.assertEqual(shares["jps"], "100.0")  # optimal to the scenario's precision

    def test_bucket_keys_show_line_and_marker_under_the_plot(self):
        with open(os.path.join(self.out, "plots", self.family, "time.gp")) as f:
            gp = f.read()
        self.assertIn("set key below", gp)
        self.assertEqual(len(re.findall(r"keyentry with linespoints .* title", gp)), 2, gp)


class PlotStyle(unittest.TestCase):
    def test_no_two_entries_share_a_marker(self):
        labels = ["mm", "akers", "astar", "ch", "jps", "jps+", "sub", "vra", "astar:w=2", "mm:sector=8"]
        style, _ = plot.styles(labels)
        points = [re.search(r"pt (\d+)", style[l]).group(1) for l in labels]
        self.assertEqual(len(set(points)), len(points), style)

    def test_tradeoff_labels_do_not_overlap(self):
        # mm and jps+ nearly on one spot, as on the embedded maps.
        points = [(1.00, 10.0, "mm"), (1.03, 10.4, "jps+"), (1.01, 9.8, "jps"), (40.0, 3.0, "ch"),
                  (5.0, 200.0, "astar"), (1.02, 10.1, "sub")]
        ranges = (plot.log_range([p[0] for p in points]), plot.log_range([p[1] for p in points]))
        boxes = plot.label_boxes(points, plot.place_labels(points, ranges), ranges)
        for i in range(len(boxes)):
            for j in range(i):
                self.assertEqual(plot.overlap(boxes[i], boxes[j]), 0, (points[i], points[j]))

    def test_counts_in_the_closing_line_agree_in_number(self):
        self.assertEqual(plot.plural(1, "family"), "1 family")
        self.assertEqual(plot.plural(2, "family"), "2 families")
        self.assertEqual(plot.plural(13, "figure"), "13 figures")


if __name__ == "__main__":
    unittest.main()
