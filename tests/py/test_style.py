"""The written style (.clang-format) holds for every C file in the tree, so
the layout of new code is not a matter of taste (skips with a message where
clang-format is not installed); README stays a newcomer's page (the two
commands near the top, short table cells, short overall) and no header
comment carries a date (dates and numbers belong in results/reference/);
every Markdown table in README and docs/ has as many cells a row as its
header (a merge that joins two rows on one line leaves a row with more)."""
import os
import re
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


class Readme(unittest.TestCase):
    def test_readme_is_short_with_the_two_commands_on_top(self):
        with open(os.path.join(ROOT, "README.md")) as f:
            text = f.read()
        lines = text.splitlines()
        for command in ("make bench", "make test"):
            first = next((i for i, l in enumerate(lines) if l.startswith(command)), None)
            self.assertIsNotNone(first, "README: no line starts with %r" % command)
            self.assertLess(first, 60, "README: %r first at line %d, not in the first 60" % (command, first + 1))
        cells = [(len(c.strip()), i + 1) for i, l in enumerate(lines) if l.startswith("|")
                 for c in l.strip().strip("|").split("|")]
        longest = max(cells, default=(0, 0))
        self.assertLessEqual(longest[0], 400, "README line %d: a table cell of %d characters" % (longest[1], longest[0]))
        self.assertLess(len(text.split()), 2500, "README: %d words" % len(text.split()))

    def test_no_header_comment_carries_a_date(self):
        date = re.compile(r"\b20[0-9][0-9]-[01][0-9]-[0-3][0-9]\b")
        bad = []
        for path in c_files():
            if path.endswith(".h"):
                with open(os.path.join(ROOT, path), errors="replace") as f:
                    bad += ["%s:%d" % (path, i + 1) for i, l in enumerate(f) if date.search(l)]
        self.assertEqual(bad, [], "dates belong in results/reference/, not headers")

    def test_every_docs_table_row_has_its_headers_cells(self):
        def cells(line):  # a pipe escaped as \| is a cell's text, not a border
            return len(re.split(r"(?<!\\)\|", line.strip().strip("|")))

        paths = ["README.md"] + sorted(os.path.relpath(os.path.join(d, f), ROOT)
                                       for d, _, files in os.walk(os.path.join(ROOT, "docs"))
                                       for f in files if f.endswith(".md"))
        bad, tables = [], 0
        for path in paths:
            with open(os.path.join(ROOT, path)) as f:
                lines = f.read().splitlines()
            for i in range(len(lines) - 1):
                if not (lines[i].startswith("|") and re.match(r"^\|[\s:|-]+\|\s*$", lines[i + 1])):
                    continue
                tables += 1
                j = i + 2
                while j < len(lines) and lines[j].startswith("|"):
                    if cells(lines[j]) != cells(lines[i]):
                        bad.append("%s:%d: %d cells, its header %d" % (path, j + 1, cells(lines[j]), cells(lines[i])))
                    j += 1
        self.assertGreater(tables, 10)
        self.assertEqual(bad, [], "table rows whose cells are not their header's")


if __name__ == "__main__":
    unittest.main()
