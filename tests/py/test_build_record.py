"""The Makefile's record of what the plain objects depend on (build/obj/cflags):
the compiler as it names itself (its version string and target) and the flags.
The same compiler behind a wrapper (ccache, a timing script) leaves every object
up to date; a compiler that names another version, or other flags, makes it due.
Run on a copy of the Makefile and one small source, so the tree's build is
never touched and make reads no other object's dependencies. The object is
made by `make -t` (what is due, touched): the record is the subject here,
not the compile, and every make reads the Makefile's probes of the compiler
anyway. A question (make -q) rewrites the record as it reads it, so after
one that finds the object due the tree is brought back (make -t) before the
next: else the next would find it due whatever it asked."""
import os
import shutil
import stat
import subprocess
import unittest

from tests.py.util import ROOT, TempDir

OBJECT = "common/err.o"


def script(path, body):
    with open(path, "w") as f:
        f.write("#!/bin/sh\n" + body)
    os.chmod(path, os.stat(path).st_mode | stat.S_IXUSR)
    return path


def make(tree, *args):
    """make in tree, on its own (not a job of the make running the tests); the
    exit code and what it said."""
    env = {k: v for k, v in os.environ.items() if k not in ("MAKEFLAGS", "MFLAGS", "MAKELEVEL")}
    p = subprocess.run(["make", "--no-print-directory"] + list(args), cwd=tree, capture_output=True, text=True,
                       env=env)
    return p.returncode, p.stdout + p.stderr


class BuildRecord(unittest.TestCase):
    def test_a_wrapper_keeps_the_objects_another_compiler_or_flags_rebuild(self):
        with TempDir() as d:
            tree = os.path.join(d, "tree")
            os.makedirs(os.path.join(tree, "common"))
            shutil.copy(os.path.join(ROOT, "Makefile"), tree)
            for name in ("err.c", "err.h"):
                shutil.copy(os.path.join(ROOT, "common", name), os.path.join(tree, "common"))
            target = "build/obj/" + OBJECT
            os.makedirs(os.path.join(tree, os.path.dirname(target)))
            made = lambda: self.assertEqual(make(tree, "-t", target), (0, "touch %s\n" % target))  # noqa: E731
            made()
            # the same compiler reached through a wrapper, under another name
            wrapper = script(os.path.join(d, "timed-cc"), 'exec cc "$@"\n')
            self.assertEqual(make(tree, "-q", "CC=" + wrapper, target)[0], 0,
                             "the same compiler behind a wrapper made the object due")
            self.assertEqual(make(tree, "-q", "TEST_CFLAGS=-O1", target)[0], 1,
                             "other flags left the object up to date")
            made()
            # a compiler that names another version
            other = script(os.path.join(d, "other-cc"),
                           'case "$*" in *-E*) echo \'"99.9.9"\'; exit 0;; esac\nexec cc "$@"\n')
            self.assertEqual(make(tree, "-q", "CC=" + other, target)[0], 1,
                             "a compiler of another version left the object up to date")


if __name__ == "__main__":
    unittest.main()
