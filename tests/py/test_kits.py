"""The start kits and the library (docs/kits.md):
the dynamic kit's .so exports its ABI and nothing else and survives a map
change with every path valid; `make install` gives a library, one header and
a pkg-config file the example builds against; build/kit-classic's Entry.cpp
compiles with -Wall -Werror against the classic signatures (a classic-kit
entry through the driver, `--entry ext:DIR`: tests/py/test_ext.py). Builds
run with make -j2 (the targets are incremental)."""
import os
import re
import shutil
import subprocess
import unittest

from tests.py.util import ROOT, TempDir

MAP = os.path.join(ROOT, "maps", "rooms", "16room256-0.map")
ABI = {"gppc_preprocess_init_map", "gppc_search_init", "gppc_map_change", "gppc_get_path", "gppc_free_data",
       "gppc_get_name"}


def make(*args):
    p = subprocess.run(["make", "-s", "-j2"] + list(args), cwd=ROOT, capture_output=True, text=True)
    if p.returncode != 0:
        raise AssertionError("make %s failed:\n%s%s" % (" ".join(args), p.stdout, p.stderr))


def load_map(path):
    with open(path) as f:
        lines = f.read().split("\n")
    h, w = int(lines[1].split()[1]), int(lines[2].split()[1])
    return [[c in ".GS" for c in row[:w]] for row in lines[4:4 + h]]


def path_problem(grid, cells, s, g):
    """None for a legal cell path s -> g (king moves, no corner cutting), else why."""
    if not cells or cells[0] != s or cells[-1] != g:
        return "does not run from %s to %s" % (s, g)
    for (x0, y0), (x1, y1) in zip(cells, cells[1:]):
        dx, dy = x1 - x0, y1 - y0
        if max(abs(dx), abs(dy)) != 1 or not grid[y1][x1]:
            return "step (%d,%d)->(%d,%d)" % (x0, y0, x1, y1)
        if dx and dy and not (grid[y0][x1] and grid[y1][x0]):
            return "corner cut at (%d,%d)" % (x0, y0)
    return None


class DynamicKit(unittest.TestCase):
    def test_so_exports_the_abi_and_nothing_else(self):
        make("kit-dynamic")
        so = os.path.join(ROOT, "build", "kit-dynamic", "lib", "libGPPCentry.so")
        out = subprocess.run(["nm", "-D", "--defined-only", so], capture_output=True, text=True).stdout
        self.assertEqual({line.split()[-1] for line in out.splitlines() if line.strip()}, ABI)
        for f in ("compile.sh", "apt.txt", "gppcmm/api/gppc_mm.h", "gppcmm/kits/dynamic/gppc_dynamic.c"):
            self.assertTrue(os.path.exists(os.path.join(ROOT, "build", "kit-dynamic", f)), f)

    def test_a_map_change_through_the_abi_keeps_every_path_valid(self):
        make("build/test_kit_dynamic")
        with TempDir() as d:
            p = subprocess.run([os.path.join(ROOT, "build", "test_kit_dynamic"), MAP, os.path.join(d, "pre")],
                               capture_output=True, text=True)
        self.assertEqual(p.returncode, 0, p.stdout + p.stderr)
        self.assertIn("1 passed, 0 failed", p.stdout)


def documented_example():
    """The command lines in examples/find_path.c's first comment (the
    example the docs give), one per line."""
    with open(os.path.join(ROOT, "examples", "find_path.c")) as f:
        head = f.read().split("*/", 1)[0]
    return [line[len(" *   "):] for line in head.splitlines() if line.startswith(" *   ")]


class Library(unittest.TestCase):
    def test_the_documented_example_runs_as_written(self):
        if not shutil.which("pkg-config"):
            self.skipTest("pkg-config not installed")
        lines = documented_example()
        self.assertEqual(len(lines), 4, lines)
        with TempDir() as d:
            # HOME in the temp folder; the program is built there, not in the checkout.
            script = "set -e\n" + "\n".join(lines).replace("-o find_path", "-o $HOME/find_path").replace(
                "./find_path ", "$HOME/find_path ")
            p = subprocess.run(["bash", "-c", script], cwd=ROOT, env=dict(os.environ, HOME=d, MAKEFLAGS="-s -j2"),
                               capture_output=True, text=True)
        self.assertEqual(p.returncode, 0, p.stdout[-2000:] + p.stderr[-2000:])
        args = lines[-1].split()
        m = re.search(r"mm: (\d+) cells:((?: -?\d+,-?\d+)*)\n$", p.stdout)
        self.assertTrue(m, p.stdout[-300:])
        cells = [tuple(int(v) for v in c.split(",")) for c in m.group(2).split()]
        s, g = (int(args[2]), int(args[3])), (int(args[4]), int(args[5]))
        self.assertIsNone(path_problem(load_map(os.path.join(ROOT, args[1])), cells, s, g))

    def test_installed_library_builds_the_example_and_it_prints_a_valid_path(self):
        if not shutil.which("pkg-config"):
            self.skipTest("pkg-config not installed")
        with TempDir() as d:
            prefix = os.path.join(d, "prefix")
            make("install", "PREFIX=" + prefix)
            self.assertEqual(sorted(os.listdir(os.path.join(prefix, "include"))), ["gppc_mm.h"])
            env = dict(os.environ, PKG_CONFIG_PATH=os.path.join(prefix, "lib", "pkgconfig"))
            exe = os.path.join(d, "find_path")
            # A game's own names that the library's floors also use: only
            # gppc_mm_* is global in the archive, so these link beside it.
            game = os.path.join(d, "game.c")
            with open(game, "w") as f:
                f.write("int heap_push(void) { return 1; }\nint grid_load_map;\nint ENTRY_MM;\n")
            p = subprocess.run("cc %s %s -o %s $(pkg-config --cflags --libs gppc-mm)"
                               % (os.path.join(ROOT, "examples", "find_path.c"), game, exe),
                               shell=True, env=env, capture_output=True, text=True)
            self.assertEqual(p.returncode, 0, p.stderr)
            p = subprocess.run([exe, MAP, "1", "1", "200", "200"], capture_output=True, text=True)
        self.assertEqual(p.returncode, 0, p.stderr)
        m = re.match(r"mm: (\d+) cells:((?: -?\d+,-?\d+)*)\n$", p.stdout)
        self.assertTrue(m, p.stdout[:200])
        cells = [tuple(int(v) for v in c.split(",")) for c in m.group(2).split()]
        self.assertEqual(len(cells), int(m.group(1)))
        self.assertIsNone(path_problem(load_map(MAP), cells, (1, 1), (200, 200)))


class ClassicKit(unittest.TestCase):
    """The classic kit is C++: without a C++ compiler these skip (CI installs g++)."""

    def setUp(self):
        if not shutil.which("g++"):
            self.skipTest("g++ not installed: the classic-kit C++ adapter cannot be built")

    def test_kit_classic_compiles_strictly(self):
        make("kit-classic")
        entry = os.path.join("build", "kit-classic", "Entry.cpp")
        p = subprocess.run(["g++", "-std=c++17", "-Wall", "-Werror", "-fsyntax-only", "-Ikits/ext/classic", entry],
                           cwd=ROOT, capture_output=True, text=True)
        self.assertEqual(p.returncode, 0, p.stderr)
        for f in ("compile.sh", "apt.txt", "gppcmm/api/gppc_mm.h", "gppcmm/entries/mm/mm_entry.c"):
            self.assertTrue(os.path.exists(os.path.join(ROOT, "build", "kit-classic", f)), f)

    def test_root_entry_h_never_meets_the_kits_entry_h(self):
        # Its own guard: included after the classic kit's Entry.h it is not
        # silently skipped, and in C++ it stops with a message naming the way in.
        with open(os.path.join(ROOT, "Entry.h")) as f:
            text = f.read()
        self.assertIn("#ifndef GPPC_MM_ENTRY_H", text)
        self.assertNotIn("#ifndef GPPC_ENTRY_H", text)
        p = subprocess.run(["g++", "-fsyntax-only", "-x", "c++", "Entry.h"], cwd=ROOT, capture_output=True, text=True)
        self.assertNotEqual(p.returncode, 0)
        self.assertIn("kit-classic", p.stderr)


if __name__ == "__main__":
    unittest.main()
