"""tools/scengen: input checks as strict as the driver's, output written whole
or not at all, and linked from the floors it uses only (common, grid, search)."""
import os
import shutil
import subprocess
import unittest

from tests.py.util import ROOT, TempDir, write

SCENGEN = os.path.join(ROOT, "build", "scengen")
MAP = "type octile\nheight 4\nwidth 6\nmap\n......\n.@@@@.\n......\n......\n"


def run(*args):
    p = subprocess.run([SCENGEN] + list(args), capture_output=True, text=True)
    return p.returncode, p.stderr


class Scengen(unittest.TestCase):
    def test_writes_a_scenario_deterministically(self):
        with TempDir() as d:
            m = write(d, "a.map", MAP)
            out1, out2 = os.path.join(d, "1.scen"), os.path.join(d, "2.scen")
            self.assertEqual(run(m, "maps/a.map", out1, "7", "2")[0], 0)
            self.assertEqual(run(m, "maps/a.map", out2, "7", "2")[0], 0)
            with open(out1) as f1, open(out2) as f2:
                text = f1.read()
                self.assertEqual(text, f2.read())
            self.assertTrue(text.startswith("version 1\n"))
            self.assertIn("\tmaps/a.map\t6\t4\t", text)

    def test_bad_arguments_exit_2_with_a_message_and_write_nothing(self):
        with TempDir() as d:
            m = write(d, "a.map", MAP)
            out = os.path.join(d, "x.scen")
            cases = [
                (["12a"], "seed '12a' is not a whole number"),
                (["-3"], "seed '-3' is not a whole number"),
                (["1", "0"], "per_bucket '0' is not a whole number in 1..1000000"),
                (["1", "10", "x"], "max_bucket 'x' is not a whole number"),
                (["1", "10", "5", "extra"], "usage: scengen"),
            ]
            for extra, message in cases:
                code, err = run(m, "maps/a.map", out, *extra)
                self.assertEqual(code, 2, extra)
                self.assertIn(message, err, extra)
                self.assertFalse(os.path.exists(out), extra)
            code, err = run(os.path.join(d, "none.map"), "maps/none.map", out)
            self.assertEqual(code, 2)
            self.assertIn("none.map", err)
            code, err = run(m, "maps/a\tmap", out)
            self.assertEqual(code, 2)
            self.assertIn("without tabs", err)
            # An output that cannot be written: exit 2, the old file is kept.
            code, err = run(m, "maps/a.map", os.path.join(d, "no", "such", "dir.scen"))
            self.assertEqual(code, 2)
            self.assertIn("cannot write", err)
            self.assertEqual(os.listdir(d), ["a.map"])

    @unittest.skipIf(shutil.which("nm") is None, "nm not installed (binutils)")
    def test_links_only_common_grid_and_search(self):
        syms = subprocess.run(["nm", "--defined-only", SCENGEN], capture_output=True, text=True).stdout
        self.assertIn("astar_find", syms)
        for above in ("abs_build", "edge_cache_get", "refiner_step", "entry_find", "GetPath"):
            self.assertNotIn(above, syms, "scengen links %s, from a floor above search/" % above)


if __name__ == "__main__":
    unittest.main()
