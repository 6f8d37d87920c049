"""The suite's results page and path pictures: run_suite.py on one embedded
map (mm and jps) writes OUT/paths/ (draw_paths.py: the query where mm is
furthest from optimal and the longest) and OUT/results.html
(results_page.py), which is self-contained, carries the criteria table when
the run has one, and in headless Chromium (Debian's `chromium`; skipped
with one line where it is missing) loads every image and follows every link.
A screenshot of the page is kept in build/test_out/results_page/."""
import csv
import html
import json
import os
import re
import shutil
import struct
import subprocess
import sys
import tempfile
import unittest
import zlib

from tests.py.util import ROOT, TempDir

SCRIPTS = os.path.join(ROOT, "scripts")
SHOTS = os.path.join(ROOT, "build", "test_out", "results_page")
CHROMIUM_FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                  "--disable-background-networking", "--disable-component-update", "--disable-sync"]

# Appended to a copy of the page: records what the browser loaded, in the DOM
# that --dump-dom prints. File links are fetched (--allow-file-access-from-files).
CHECK_SCRIPT = """<script>
window.addEventListener('load', function () {
  var out = {images: [], links: []};
  document.querySelectorAll('img').forEach(function (im) {
    out.images.push([im.alt, im.complete && im.naturalWidth > 0]);
  });
  document.querySelectorAll('a[href]').forEach(function (a) {
    var h = a.getAttribute('href'), ok = false;
    if (h.charAt(0) === '#') {
      ok = !!document.getElementById(h.slice(1));
    } else {
      try { var x = new XMLHttpRequest(); x.open('GET', a.href, false); x.send(); ok = x.responseText.length > 0; }
      catch (e) { ok = false; }
    }
    out.links.push([h, ok]);
  });
  var pre = document.createElement('pre');
  pre.id = 'page-check';
  pre.textContent = JSON.stringify(out);
  document.body.appendChild(pre);
});
</script>"""
SENTINELS = '<img src="no-such-picture.png" alt="sentinel-image"><a href="no-such-file.svg">sentinel</a>'


def png_chunk(kind, data):
    return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))


# A 1x1 grey PNG: a figure the page embeds and the browser can show.
ONE_PIXEL_PNG = (b"\x89PNG\r\n\x1a\n" + png_chunk(b"IHDR", struct.pack(">IIBBBBB", 1, 1, 8, 0, 0, 0, 0)) +
                 png_chunk(b"IDAT", zlib.compress(b"\x00\x80")) + png_chunk(b"IEND", b""))


def chromium():
    for name in ("chromium", "chromium-browser"):
        if shutil.which(name):
            return shutil.which(name)
    return None


class ResultsPageTest(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.tmp_dir = TempDir()
        cls.out = os.path.join(cls.tmp_dir.__enter__(), "suite")
        # gnuplot's drawing is test_scripts.Plots' to check: here plot.py
        # writes its scripts only, each figure is a one-pixel picture, and the
        # page is written again with them.
        p = subprocess.run([sys.executable, os.path.join(SCRIPTS, "run_suite.py"), "--family", "rooms", "--maps",
                            "16room256-0", "--entries", "mm,jps", "--out", cls.out], capture_output=True, text=True,
                           env=dict(os.environ, GNUPLOT="gnuplot-not-installed-here"))
        cls.run_output = p.stdout + p.stderr
        cls.code = p.returncode
        cls.figures = 0
        for at, _, files in os.walk(os.path.join(cls.out, "plots")):
            for f in files:
                if f.endswith(".gp"):
                    with open(os.path.join(at, f[:-3] + ".png"), "wb") as png:
                        png.write(ONE_PIXEL_PNG)
                    cls.figures += 1
        page = subprocess.run([sys.executable, os.path.join(SCRIPTS, "results_page.py"), cls.out],
                              capture_output=True, text=True)
        cls.run_output += page.stdout + page.stderr
        cls.code = cls.code or page.returncode
        with open(os.path.join(cls.out, "results.html")) as f:
            cls.page = f.read()

    @classmethod
    def tearDownClass(cls):
        cls.tmp_dir.__exit__(None, None, None)

    def test_suite_run_wrote_page_and_paths(self):
        self.assertEqual(self.code, 0, self.run_output)
        self.assertIn("results_page: wrote", self.run_output)
        self.assertIn("Family rooms", self.page)
        self.assertIn("Paths on the map", self.page)
        self.assertGreater(self.figures, 0)
        self.assertEqual(self.page.count('<img src="data:image/png;base64,'), self.figures)

    def test_worst_and_longest_queries_are_the_right_ones(self):
        rows = []
        with open(os.path.join(self.out, "raw", "mm", "rooms", "16room256-0.csv"), newline="") as f:
            for r in csv.DictReader(f):
                rows.append((float(r["path_length"]) / float(r["ref_length"]), float(r["ref_length"]),
                             r["experiment_id"]))
        with open(os.path.join(self.out, "paths", "paths.csv"), newline="") as f:
            drawn = {(r["kind"], r["entry"]): r for r in csv.DictReader(f)}
        worst, longest = drawn[("worst_mm", "mm")], drawn[("longest", "jps")]
        self.assertEqual(worst["query"], max(rows)[2])
        self.assertAlmostEqual(float(worst["length"]) / float(worst["optimum"]), max(rows)[0], places=5)
        self.assertAlmostEqual(float(longest["optimum"]), max(r[1] for r in rows), places=5)
        self.assertAlmostEqual(float(longest["length"]), float(longest["optimum"]), places=5)  # jps is optimal
        for r in drawn.values():
            for path in r["files"].split():
                self.assertTrue(os.path.isfile(os.path.join(self.out, path)), path)
        with open(os.path.join(self.out, "paths", "rooms", "worst_mm.svg")) as f:
            svg = f.read()
        self.assertEqual(svg.count("<polyline"), 2)  # mm and jps
        self.assertIn("optimum %.2f" % float(worst["optimum"]), svg)

    def test_page_is_self_contained(self):
        self.assertNotRegex(self.page, r"<script|<link |<iframe|@import|url\(")
        refs = re.findall(r'(?:src|href)="([^"]*)"', self.page)
        self.assertTrue(refs)
        for ref in refs:
            self.assertNotRegex(ref, r"^[a-z]+://|^//", ref)
            if ref.startswith("#"):
                self.assertIn('id="%s"' % ref[1:], self.page)
            elif not ref.startswith("data:"):
                self.assertTrue(os.path.isfile(os.path.join(self.out, html.unescape(ref))), ref)

    def test_criteria_table_included_when_present(self):
        self.assertIn('id="criteria"', self.page)  # the suite writes criteria.md (criteria.py)
        with tempfile.TemporaryDirectory() as tmp:
            out = os.path.join(tmp, "suite")
            shutil.copytree(self.out, out, ignore=shutil.ignore_patterns("pre", "raw", "criteria.*"))
            subprocess.run([sys.executable, os.path.join(SCRIPTS, "results_page.py"), out], check=True,
                           capture_output=True)
            with open(os.path.join(out, "results.html")) as f:
                self.assertNotIn('id="criteria"', f.read())
            with open(os.path.join(out, "criteria.md"), "w") as f:
                f.write("## Criteria\n\n| criterion | mm | verdict |\n|---|---:|---|\n| first-20 < jps | 0.31x | met |\n")
            subprocess.run([sys.executable, os.path.join(SCRIPTS, "results_page.py"), out], check=True,
                           capture_output=True)
            with open(os.path.join(out, "results.html")) as f:
                page = f.read()
        self.assertIn('<a href="#criteria">', page)
        self.assertIn("<td>first-20 &lt; jps</td>", page)
        self.assertIn('<a href="criteria.md">', page)

    def test_in_headless_chromium(self):
        browser = chromium()
        if not browser:
            self.skipTest("chromium not installed (apt-get install chromium)")
        check = os.path.join(self.out, "page-check.html")
        with open(check, "w") as f:
            f.write(self.page.replace("</body>", SENTINELS + CHECK_SCRIPT + "</body>"))
        os.makedirs(SHOTS, exist_ok=True)
        shot = os.path.join(SHOTS, "screenshot.png")
        if os.path.exists(shot):
            os.remove(shot)
        # One browser start: the page with the check appended (below the page's end) is read and photographed.
        with tempfile.TemporaryDirectory(prefix="chromium-") as profile:
            p = subprocess.run([browser] + CHROMIUM_FLAGS + ["--user-data-dir=" + profile,
                                                             "--allow-file-access-from-files",
                                                             "--window-size=1280,3200", "--screenshot=" + shot,
                                                             "--virtual-time-budget=5000", "--dump-dom",
                                                             "file://" + check],
                               capture_output=True, text=True, timeout=120)
        m = re.search(r'<pre id="page-check">(.*?)</pre>', p.stdout, re.S)
        self.assertTrue(m, "no check output from chromium: " + p.stderr[-500:])
        seen = json.loads(html.unescape(m.group(1)))
        images, links = dict(seen["images"]), dict(seen["links"])
        self.assertIs(images.pop("sentinel-image"), False)  # the check can fail
        self.assertIs(links.pop("no-such-file.svg"), False)
        self.assertGreaterEqual(len(images), 2 + self.figures)  # the path pictures and the figures
        self.assertEqual([k for k, ok in images.items() if not ok], [])
        self.assertEqual([k for k, ok in links.items() if not ok], [])
        self.assertIn("#family-rooms", links)
        with open(shot, "rb") as f:
            self.assertEqual(f.read(8), b"\x89PNG\r\n\x1a\n")


if __name__ == "__main__":
    unittest.main()
