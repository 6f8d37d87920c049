"""scripts/check_layers.py: a small layered tree passes; an upward include, a
private header used from another folder, two folders including each other, a
missing include and a folder outside the floor table each fail, naming the
file and line. Last, the real tree passes."""
import os
import subprocess
import sys
import unittest

from tests.py.util import ROOT, TempDir

SCRIPT = os.path.join(ROOT, "scripts", "check_layers.py")

# A miniature repository with one file on every floor; every include points down.
TREE = {
    "common/err.h": "/* err.h: errors. */\n#include <stdio.h>\n",
    "grid/grid.h": "/* grid.h */\n#include \"../common/err.h\"\n",
    "search/astar.h": "/* astar.h */\n# include \"../grid/grid.h\"\n",
    "abstraction/plain.h": "/* plain.h (private to abstraction/): the plain form. */\n#include \"../search/astar.h\"\n",
    "abstraction/build.c": "#include \"plain.h\"\n",
    "entries/entry.h": "/* entry.h */\n#include \"../grid/grid.h\"\n",
    "entries/mm/mm.h": "/* mm.h */\n#include \"../../grid/grid.h\"\n",
    "entries/mm/mm_entry.c": "#include \"../entry.h\"\n#include \"mm.h\"\n",
    "entries/jps/jps.h": "/* jps.h */\n#include \"../../search/astar.h\"\n",
    "Entry.h": "/* Entry.h */\n#include \"grid/grid.h\"\n",
    "Entry.c": "#include \"Entry.h\"\n#include \"entries/entry.h\"\n",
    "driver/driver.h": "/* driver.h */\n#include \"../entries/entry.h\"\n",
    "main.c": "#include <stdlib.h>\n#include \"driver/driver.h\"\n#include \"Entry.h\"\n",
    "tests/c/t.c": "#include \"../../abstraction/plain.h\"\n#include \"../../Entry.h\"\n",
    # Skipped folders are not read, even when they would break every rule.
    "build/gen.h": "#include \"../Entry.h\"\n#include \"nowhere.h\"\n",
    ".hidden/x.c": "#include \"../Entry.h\"\n",
}


class Layers(unittest.TestCase):
    def setUp(self):
        self.tmp = TempDir()
        self.root = self.tmp.__enter__()
        self.addCleanup(self.tmp.__exit__, None, None, None)
        for rel, text in TREE.items():
            self.put(rel, text)

    def put(self, rel, text):
        path = os.path.join(self.root, rel)
        os.makedirs(os.path.dirname(path), exist_ok=True)
        with open(path, "w") as f:
            f.write(text)

    def append(self, rel, line):
        """Appends `line` to the file; returns its line number."""
        with open(os.path.join(self.root, rel)) as f:
            n = len(f.read().splitlines())
        with open(os.path.join(self.root, rel), "a") as f:
            f.write(line + "\n")
        return n + 1

    def check(self, root=None):
        p = subprocess.run([sys.executable, SCRIPT, root or self.root], capture_output=True, text=True)
        return p.returncode, p.stdout.splitlines()

    def assertFails(self, prefix, words=()):
        code, lines = self.check()
        self.assertEqual(code, 1, "\n".join(lines))
        hits = [l for l in lines if l.startswith(prefix)]
        self.assertTrue(hits, "no line starting with %r in:\n%s" % (prefix, "\n".join(lines)))
        for w in words:
            self.assertTrue(any(w in l for l in hits), "%r not in %r" % (w, hits))
        return lines

    def test_layered_tree_passes(self):
        code, lines = self.check()
        self.assertEqual(code, 0, "\n".join(lines))
        self.assertEqual(lines, ["layers: 14 files, 17 includes, every include points down"])

    def test_upward_include_fails_on_its_line(self):
        n = self.append("grid/grid.h", '#include "../Entry.h"')
        lines = self.assertFails("grid/grid.h:%d:" % n, ["Entry.h", "floor 7", "floor 1 (grid)", "point down"])
        # Entry.h includes grid/grid.h, so this also closes a loop: reported from both sides too.
        self.assertTrue(any(l.startswith("Entry.h:2:") and "include each other" in l for l in lines), lines)

    def test_private_header_from_another_folder_fails(self):
        self.put("cache/x.c", '/* x.c */\n#include "../abstraction/plain.h"\n')
        self.assertFails("cache/x.c:2:", ["abstraction/plain.h", "private to abstraction/"])

    def test_private_header_from_tests_or_a_subfolder_passes(self):
        self.put("tests/py/deep/x.c", '#include "../../../abstraction/plain.h"\n')
        self.put("entries/jps/jps.h", "/* jps.h (private to entries/jps/) */\n")
        self.put("entries/jps/jps.c", '#include "jps.h"\n')
        self.put("tests/c/u.c", '#include "../../entries/jps/jps.h"\n')
        code, lines = self.check()
        self.assertEqual(code, 0, "\n".join(lines))

    def test_private_marker_counts_only_in_the_first_comment(self):
        self.put("entries/mm/mm.h", "/* mm.h */\n/* (private to entries/mm/) */\n")
        self.put("driver/d.c", '#include "../entries/mm/mm.h"\n')
        code, lines = self.check()
        self.assertEqual(code, 0, "\n".join(lines))

    def test_two_folders_including_each_other_fail(self):
        a = self.append("entries/mm/mm_entry.c", '#include "../jps/jps.h"')
        b = self.append("entries/jps/jps.h", '#include "../mm/mm.h"')
        lines = self.assertFails("entries/mm/mm_entry.c:%d:" % a, ["entries/mm and entries/jps include each other"])
        self.assertTrue(any(l.startswith("entries/jps/jps.h:%d:" % b) for l in lines), lines)
        self.assertEqual(len(lines), 2, lines)

    def test_shared_header_including_a_subfolder_back_fails(self):
        n = self.append("entries/entry.h", '#include "mm/mm.h"')
        self.assertFails("entries/entry.h:%d:" % n, ["entries and entries/mm include each other"])

    def test_missing_include_fails(self):
        n = self.append("search/astar.h", '#include "heap.h"')
        self.assertFails("search/astar.h:%d:" % n, ['"heap.h"', "not a file"])

    def test_include_outside_the_root_fails(self):
        n = self.append("common/err.h", '#include "../../elsewhere.h"')
        self.assertFails("common/err.h:%d:" % n, ["not a file under the root"])

    def test_unknown_folder_fails(self):
        self.put("util/misc.h", '#include "../common/err.h"\n')
        self.assertFails("util/misc.h:1:", ["folder util/", "not in the floor table"])

    def test_unknown_root_file_and_nested_module_folder_fail(self):
        self.put("extra.c", "int x;\n")
        self.put("grid/sub/y.h", "int y;\n")
        self.put("entries/mm/deep/z.h", "int z;\n")
        lines = self.assertFails("extra.c:1:", ["root-level file", "not in the floor table"])
        self.assertTrue(any(l.startswith("grid/sub/y.h:1:") for l in lines), lines)
        self.assertTrue(any(l.startswith("entries/mm/deep/z.h:1:") for l in lines), lines)

    def test_output_is_sorted_by_path_then_line(self):
        self.append("grid/grid.h", '#include "../Entry.h"')
        self.append("common/err.h", '#include "missing.h"')
        self.append("common/err.h", '#include "../driver/driver.h"')
        code, lines = self.check()
        self.assertEqual(code, 1)
        keys = [(l.split(":")[0], int(l.split(":")[1])) for l in lines]
        self.assertEqual(keys, sorted(keys))
        self.assertEqual(keys[:2], [("Entry.h", 2), ("common/err.h", 3)])  # plain byte order: capitals first

    def test_real_repository(self):
        code, lines = self.check(ROOT)
        self.assertEqual(code, 0, "check_layers.py on the repository:\n" + "\n".join(lines))

    def test_real_repository_with_one_upward_include_fails(self):
        """A copy of the repository's C files where grid/path.h reaches up for
        the refiner: the check names that file and line."""
        for d, dirs, files in os.walk(ROOT):
            dirs[:] = [x for x in dirs if x not in ("build", "results") and not x.startswith(".")]
            for f in files:
                if f.endswith((".c", ".h")):
                    rel = os.path.relpath(os.path.join(d, f), ROOT)
                    with open(os.path.join(ROOT, rel)) as src:
                        self.put(os.path.join("real", rel), src.read())
        root = os.path.join(self.root, "real")
        self.assertEqual(self.check(root)[0], 0)
        with open(os.path.join(root, "grid", "path.h")) as f:
            n = len(f.read().splitlines()) + 1
        with open(os.path.join(root, "grid", "path.h"), "a") as f:
            f.write('#include "../refine/refiner.h"\n')
        code, lines = self.check(root)
        self.assertEqual(code, 1)
        self.assertTrue(any(l.startswith("grid/path.h:%d: includes refine/refiner.h (floor 5, refine) from floor 1"
                                         % n) for l in lines), lines)


if __name__ == "__main__":
    unittest.main()
