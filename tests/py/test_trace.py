"""build/gppc --query / --trace / --paths: a posthoc search trace of one query
for astar, jps, jps+ and mm (mm's search over regions and its legs' searches
told apart by layer), checked by scripts/check_trace.py against the format's
rules and the map; the checker itself fails on broken traces."""
import os
import sys
import unittest

from tests.py.util import ROOT, TempDir, run_gppc, write

sys.path.insert(0, os.path.join(ROOT, "scripts"))
import check_trace  # noqa: E402

MAP = os.path.join(ROOT, "maps", "rooms", "16room256-0.map")
SCEN = os.path.join(ROOT, "scenarios", "rooms", "16room256-0.map.scen")
QUERY = "600"  # mm plans it over the regions and searches legs
SHORT = "200"  # the other entries' traces: every cell A* touches makes a line


def trace(tmp, entry, query=QUERY):
    path = os.path.join(tmp, entry + ".trace.yaml")
    code, out, err = run_gppc("--entry", entry, "--pre-dir", tmp, "--query", query, "--trace", path,
                              "--paths", os.path.join(tmp, entry + ".paths"), "-full", MAP, SCEN)
    return code, out, err, path


class TraceTest(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.tmp_dir = TempDir()
        cls.tmp = cls.tmp_dir.__enter__()
        cls.traces = {}
        for entry in ("astar", "jps", "jps+", "mm"):
            code, out, err, path = trace(cls.tmp, entry, QUERY if entry == "mm" else SHORT)
            cls.traces[entry] = (code, out, err, path)

    @classmethod
    def tearDownClass(cls):
        cls.tmp_dir.__exit__(None, None, None)

    def test_each_entry_writes_a_valid_trace(self):
        for entry, (code, out, err, path) in self.traces.items():
            self.assertEqual(code, 0, entry + ": " + err)
            self.assertIn("queries=1 ", out)  # --query replays that query alone
            counts = check_trace.check(path, MAP)
            self.assertGreater(counts["expanding"], 0, entry)
            self.assertEqual(counts["end"], counts["source"] - 1, entry)  # one end per search; the query's own source has none
            if entry != "mm":
                self.assertEqual(set(counts["layers"]), {"query", entry})

    def test_mm_layers_tell_its_searches_apart(self):
        layers = check_trace.check(self.traces["mm"][3], MAP)["layers"]
        self.assertIn("abstract", layers)
        self.assertTrue({"leg", "jps", "corridor"} & set(layers), layers)

    def test_paths_file_holds_the_query(self):
        with open(os.path.join(self.tmp, "mm.paths")) as f:
            lines = f.read().splitlines()
        self.assertEqual(len(lines), 1)
        ident, length, optimum, cells = lines[0].split("\t")
        self.assertEqual(ident, QUERY)
        self.assertGreaterEqual(float(length), float(optimum) - 1e-6)
        first = cells.split()[0]
        with open(SCEN) as f:
            row = [line.split() for line in f if line.strip() and not line.startswith("version")][int(QUERY)]
        self.assertEqual(first, "%s,%s" % (row[4], row[5]))

    def test_loads_as_yaml_where_a_parser_is_installed(self):
        try:
            import yaml
        except ImportError:
            self.skipTest("python3-yaml not installed")
        with open(self.traces["jps"][3]) as f:
            doc = yaml.safe_load(f)
        self.assertEqual(doc["version"], "1.0.5")
        self.assertIn("main", doc["render"]["views"])
        self.assertTrue(all(e["type"] in check_trace.TYPES for e in doc["events"]))

    def broken(self, old, new, count=1):
        with open(self.traces["astar"][3]) as f:
            text = f.read()
        self.assertIn(old, text)
        return write(self.tmp, "broken.trace.yaml", text.replace(old, new, count))

    def test_checker_rejects_broken_traces(self):
        cases = [("type: expanding", "type: visiting"),  # unknown type
                 ("type: generating", "type: closing", 5),  # parents used before generated
                 ("x: ", "x: 1", 3),  # ids no longer the events' cells
                 ("version: 1.0.5\n", "")]
        for case in cases:
            with self.assertRaises(check_trace.TraceError, msg=repr(case)):
                check_trace.check(self.broken(*case), MAP)

    def test_bad_uses_are_refused(self):
        with TempDir() as tmp:
            out = os.path.join(tmp, "t.trace.yaml")
            code, _, err = run_gppc("--trace", out, "-full", MAP, SCEN)
            self.assertEqual(code, 2)
            self.assertIn("--trace needs --query", err)
            code, _, err = run_gppc("--query", "999999", "--trace", out, "-full", MAP, SCEN)
            self.assertEqual(code, 2)
            self.assertIn("queries (0..", err)
            code, _, err = run_gppc("--entry", "sub", "--pre-dir", tmp, "--query", "1", "--trace", out, "-full", MAP,
                                    SCEN)
            self.assertEqual(code, 2)
            self.assertIn("cannot be traced", err)
            self.assertFalse(os.path.exists(out))


if __name__ == "__main__":
    unittest.main()
