#!/usr/bin/env python3
"""Check that the C code stays layered: every #include points down.

The modules are stacked in floors (FLOORS below, bottom to top), so each one
can be read, tested and replaced knowing only what lies beneath it. This
script reads every .c/.h file under ROOT, follows each quoted include
(`#include "..."`, relative to the including file's folder; <...> system
headers are ignored) and reports:

  (a) an include from a lower floor to a higher one, and any file whose
      folder is not in the floor table (so a new folder must be placed);
  (b) a header marked `(private to X/)` in its first /* */ comment that is
      included from outside X/ (tests/ may include it);
  (c) two modules (folders) that include each other, even on one floor;
  (d) an include that does not resolve to a file.

    python3 scripts/check_layers.py [ROOT]     (ROOT: the repository root)

Prints `PATH:LINE: problem` lines sorted by path and line, exit 1; or one
summary line and exit 0.
"""
import argparse
import os
import re
import sys

# Bottom to top. A folder entry covers the files directly in it; "X/*" covers
# every direct subfolder of X, "X/**" everything below X. Names without a
# slash that end in .c/.h are files at the root.
FLOORS = [
    (0, "common"), (1, "grid"), (2, "search"), (3, "abstraction"), (4, "cache"), (5, "refine"),
    (6, "entries"), (6, "entries/*"),
    (7, "Entry.h"), (7, "Entry.c"), (7, "main.c"), (7, "driver"), (7, "tools"), (7, "examples"), (7, "api"),
    (8, "kits"), (8, "kits/**"),  # the start-kit bindings stand on the public API (api/)
    (9, "tests"), (9, "tests/**"),  # tests may include from any floor
]
# Root files that are not their own folder's module: the GPPC binding, and
# main.c which is the driver's entry point.
ROOT_MODULES = {"Entry.h": "binding", "Entry.c": "binding", "main.c": "driver"}
SKIP_DIRS = {".git", "build", "results"}  # plus any folder starting with "."

INCLUDE = re.compile(r'^\s*#\s*include\s*"([^"]+)"')
FIRST_COMMENT = re.compile(r"/\*.*?\*/", re.S)
PRIVATE = re.compile(r"\(private to ([^)\s]+?)/?\)")


def floor_of(rel):
    """The floor of a file (path relative to ROOT, '/'-separated), or None."""
    folder = os.path.dirname(rel)
    for floor, where in FLOORS:
        if folder == "" and where == rel:
            return floor
        if folder == where:
            return floor
        if where.endswith("/*") and folder.startswith(where[:-1]) and "/" not in folder[len(where) - 1:]:
            return floor
        if where.endswith("/**") and folder.startswith(where[:-2]):
            return floor
    return None


def module_of(rel):
    return ROOT_MODULES.get(rel) or os.path.dirname(rel) or rel


def source_files(root):
    out = []
    for d, dirs, files in os.walk(root):
        dirs[:] = sorted(x for x in dirs if x not in SKIP_DIRS and not x.startswith("."))
        out += [os.path.relpath(os.path.join(d, f), root).replace(os.sep, "/")
                for f in sorted(files) if f.endswith((".c", ".h"))]
    return out


def read(root, rel):
    with open(os.path.join(root, rel), encoding="utf-8", errors="replace") as f:
        return f.read()


def private_folder(text):
    """X for a header whose first /* */ comment says `(private to X/)`, else None."""
    m = FIRST_COMMENT.search(text)
    p = PRIVATE.search(m.group(0)) if m else None
    return p.group(1) if p else None


def label(rel):
    return "floor %s (%s)" % (floor_of(rel), module_of(rel))


def check(root):
    """Returns (problems as (path, line, text), number of files, number of includes)."""
    files = source_files(root)
    known = set(files)
    problems, edges, nincludes = [], {}, 0
    for rel in files:
        if floor_of(rel) is None:
            where = "root-level file" if "/" not in rel else "folder %s/" % os.path.dirname(rel)
            problems.append((rel, 1, "%s is not in the floor table (scripts/check_layers.py FLOORS)" % where))
    for rel in files:
        for n, line in enumerate(read(root, rel).splitlines(), 1):
            m = INCLUDE.match(line)
            if not m:
                continue
            nincludes += 1
            # The compiler has no -I flags: a quoted include is relative to the includer.
            target = os.path.normpath(os.path.join(os.path.dirname(rel), m.group(1))).replace(os.sep, "/")
            if target.startswith("../") or not os.path.isfile(os.path.join(root, target)):
                problems.append((rel, n, 'includes "%s", which is not a file under the root' % m.group(1)))
                continue
            if target not in known:
                problems.append((rel, n, "includes %s, which is not scanned (a skipped folder, or not .c/.h)" % target))
                continue
            src, dst = floor_of(rel), floor_of(target)
            if src is not None and dst is not None and dst > src:
                problems.append((rel, n, "includes %s (floor %d, %s) from %s: includes must point down"
                                 % (target, dst, module_of(target), label(rel))))
            owner = private_folder(read(root, target)) if target.endswith(".h") else None
            if owner and not rel.startswith(owner + "/") and not rel.startswith("tests/"):
                problems.append((rel, n, "includes %s, which is private to %s/" % (target, owner)))
            a, b = module_of(rel), module_of(target)
            if a != b:
                edges.setdefault((a, b), (rel, n, target))  # files are sorted: the first include of a->b
    for (a, b), (rel, n, target) in sorted(edges.items()):
        if (b, a) in edges:  # reported once from each side, each pointing at the other
            back = edges[(b, a)]
            problems.append((rel, n, "includes %s: %s and %s include each other (%s:%d includes back)"
                             % (target, a, b, back[0], back[1])))
    return sorted(set(problems)), len(files), nincludes


def main(argv):
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("root", nargs="?", default=os.path.dirname(os.path.dirname(os.path.abspath(__file__))),
                    help="the repository root (default: this script's checkout)")
    root = ap.parse_args(argv[1:]).root
    if not os.path.isdir(root):
        sys.stderr.write("check_layers: %s: not a folder\n" % root)
        return 2
    problems, nfiles, nincludes = check(root)
    for rel, n, text in problems:
        print("%s:%d: %s" % (rel, n, text))
    if problems:
        return 1
    print("layers: %d files, %d includes, every include points down" % (nfiles, nincludes))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
