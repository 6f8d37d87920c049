#!/usr/bin/env python3
"""`make test`: the C tests (plain and under ASan+UBSan, side by side on the
two cores), then the Python tests; prints one closing line
"N passed, N failed, N skipped" summed over all three. Exit 1 on any failure."""
import os
import re
import subprocess
import sys
import unittest

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
COUNTS = re.compile(r"^(\d+) passed, (\d+) failed, (\d+) skipped$", re.M)


def run_c_suites():
    env = dict(os.environ, ASAN_OPTIONS="detect_leaks=1:abort_on_error=0",
               UBSAN_OPTIONS="print_stacktrace=1:halt_on_error=1")
    suites = [("C", ["build/test_c"]), ("C asan+ubsan", ["build/asan/test_c"])]
    procs = [(name, subprocess.Popen(cmd, cwd=ROOT, env=env, stdout=subprocess.PIPE,
                                     stderr=subprocess.STDOUT, text=True)) for name, cmd in suites]
    totals = [0, 0, 0]
    for name, p in procs:
        out, _ = p.communicate()
        sys.stdout.write("== %s tests\n%s" % (name, out))
        m = COUNTS.findall(out)
        if not m or p.returncode not in (0, 1):
            print("%s tests ended abnormally (exit %d): counted as 1 failure" % (name, p.returncode))
            totals[1] += 1
            continue
        for i in range(3):
            totals[i] += int(m[-1][i])
    return totals


def run_py_suites():
    print("== Python tests")
    suite = unittest.defaultTestLoader.discover(os.path.join(ROOT, "tests", "py"), top_level_dir=ROOT)
    result = unittest.TextTestRunner(stream=sys.stdout, verbosity=1).run(suite)
    failed = len(result.failures) + len(result.errors) + len(result.unexpectedSuccesses)
    skipped = len(result.skipped)
    return [result.testsRun - failed - skipped, failed, skipped]


def main():
    os.chdir(ROOT)
    c = run_c_suites()
    py = run_py_suites()
    total = [a + b for a, b in zip(c, py)]
    print("%d passed, %d failed, %d skipped" % tuple(total))
    sys.exit(1 if total[1] else 0)


if __name__ == "__main__":
    main()
