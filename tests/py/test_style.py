"""The written style (.clang-format) holds for every C file in the tree, so
the layout of new code is not a matter of taste. Skips with a message where
clang-format is not installed."""
import os
import shutil
import subprocess
import unittest

from tests.py.util import ROOT

SKIP_DIRS = {".git", "build", "results"}


def c_files():
    out = []
    for d, dirs, files in os.walk(ROOT):
        dirs[:] = sorted(x for x in dirs if x not in SKIP_DIRS and not x.startswith("."))
        out += [os.path.relpath(os.path.join(d, f), ROOT) for f in sorted(files) if f.endswith((".c", ".h"))]
    return out


@unittest.skipIf(shutil.which("clang-format") is None, "clang-format not installed (apt-get install clang-format)")
class Style(unittest.TestCase):
    def test_every_c_file_is_formatted(self):
        files = c_files()
        self.assertGreater(len(files), 50)
        p = subprocess.run(["clang-format", "--dry-run", "-Werror"] + files, cwd=ROOT, capture_output=True,
                           text=True)
        bad = sorted({line.split(":")[0] for line in p.stderr.splitlines() if ": error:" in line})
        self.assertEqual(p.returncode, 0, "not formatted (clang-format -i FILE): %s" % ", ".join(bad))


if __name__ == "__main__":
    unittest.main()
