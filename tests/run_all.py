#!/usr/bin/env python3
"""`make test`: every test group, two at a time (one per core), each printed
with its time as it finishes.

A group is one C suite (`build/test_c --list`), the same suite under
ASan+UBSan (build/asan/test_c), or one Python module of tests/py, so a suite
or module added there is picked up without an edit here. Each C test runs as
its own job (so the two workers stay busy to the end); a group prints one
line when its last job ends, and a failing group also prints what its
failing jobs wrote (expected error messages stay captured on a pass). At the end every
skip is listed with its reason, then the wall time and the closing line
"N passed, N failed, N skipped" summed over all groups. Exit 1 on any failure.

The slowest jobs start first: their CPU times are kept in
build/test_times.json from the last run (a fresh clone starts the sanitizer
jobs first). The closing lines give the wall time, the CPU time of all jobs
and what that would take on idle cores (a shared machine's wall time says
little on its own).

    python3 tests/run_all.py            # all groups, TEST_JOBS (default: cores) at a time
    python3 tests/run_all.py mm legs    # only jobs whose name contains a word given
"""
import io
import json
import os
import re
import subprocess
import sys
import tempfile
import threading
import time
import unittest
from collections import defaultdict
from concurrent.futures import ThreadPoolExecutor

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
COUNTS = re.compile(r"^(\d+) passed, (\d+) failed, (\d+) skipped$", re.M)
SKIP = re.compile(r"^skip (.+)$", re.M)
TIMES = os.path.join(ROOT, "build", "test_times.json")
SAN_ENV = {"ASAN_OPTIONS": "detect_leaks=1:abort_on_error=0",
           "UBSAN_OPTIONS": "print_stacktrace=1:halt_on_error=1"}


def run_py_module(module):
    """Worker mode (--py MODULE): runs one tests/py module, prints its skips as
    'skip TEST: reason', failures in full, and the counts line."""
    os.chdir(ROOT)
    sys.path.insert(0, ROOT)
    suite = unittest.defaultTestLoader.loadTestsFromName(module)
    buf = io.StringIO()
    result = unittest.TextTestRunner(stream=buf, verbosity=0).run(suite)
    for test, reason in result.skipped:
        print("skip %s: %s" % (test.id().split(".", 2)[-1], reason))
    bad = result.failures + result.errors
    for test, trace in bad:
        print("FAIL %s\n%s" % (test.id(), trace))
    failed = len(bad) + len(result.unexpectedSuccesses)
    skipped = len(result.skipped)
    print("%d passed, %d failed, %d skipped" % (result.testsRun - failed - skipped, failed, skipped))
    sys.exit(1 if failed else 0)


def jobs_and_groups():
    """[(group, job name, argv, env)]: a job per C test (plain and under
    ASan+UBSan) and per Python module; a group is a C suite or a module."""
    out = []
    for kind, binary, env in (("C", "build/test_c", {}), ("C asan+ubsan", "build/asan/test_c", SAN_ENV)):
        p = subprocess.run([os.path.join(ROOT, binary), "--list"], capture_output=True, text=True)
        if p.returncode != 0:
            sys.exit("run_all: %s --list failed (exit %d): build it with make" % (binary, p.returncode))
        for line in p.stdout.splitlines():
            suite, test = line.split(None, 1)  # a test name may hold spaces
            group = "%s %s" % (kind, suite)
            out.append((group, group + "." + test, [binary, "--suite", suite, "--test", test], env))
    pydir = os.path.join(ROOT, "tests", "py")
    for name in sorted(os.listdir(pydir)):
        if name.startswith("test_") and name.endswith(".py"):
            group = "py " + name[5:-3]
            module = "tests.py." + name[:-3]
            out.append((group, group, [sys.executable, os.path.abspath(__file__), "--py", module], {}))
    return out


def load_times():
    try:
        with open(TIMES) as f:
            return json.load(f)
    except (OSError, ValueError):
        return {}


class Board:
    """Collects job results; prints one line per group once its last job ends."""

    def __init__(self, jobs):
        self.lock = threading.Lock()
        self.left = defaultdict(int)
        for group, *_ in jobs:
            self.left[group] += 1
        self.total, self.done = len(self.left), 0
        self.group = defaultdict(lambda: {"counts": [0, 0, 0], "seconds": 0.0, "out": []})
        self.counts, self.skips, self.failed_groups, self.times = [0, 0, 0], [], [], {}
        self.cpu, self.cpu_of = 0.0, {}

    def finish(self, group, job, seconds, cpu, code, out):
        m = COUNTS.findall(out)
        abnormal = not m or code not in (0, 1)
        counts = [int(x) for x in m[-1]] if m else [0, 0, 0]
        if abnormal:  # a crash or a sanitizer abort: whatever ran, count one failure
            counts[1] += 1
        with self.lock:
            self.times[job] = round(seconds, 2)
            self.cpu_of[job] = round(cpu, 2)
            self.cpu += cpu
            g = self.group[group]
            g["seconds"] += seconds
            for i in range(3):
                g["counts"][i] += counts[i]
                self.counts[i] += counts[i]
            self.skips += ["%s: %s" % (group, s) for s in SKIP.findall(out)]
            if counts[1]:
                body = "\n".join(l for l in out.splitlines() if not l.startswith("skip "))
                g["out"].append(("ended abnormally (exit %d)\n" % code if abnormal else "") + body)
            self.left[group] -= 1
            if self.left[group]:
                return
            self.done += 1
            c = g["counts"]
            status = "%d passed" % c[0] + (", %d skipped" % c[2] if c[2] else "")
            if c[1]:
                status = "FAILED (%d failed, %s)" % (c[1], status)
                self.failed_groups.append(group)
            print("[%2d/%d] %6.1fs  %-26s %s" % (self.done, self.total, g["seconds"], group, status), flush=True)
            for text in g["out"]:
                print("    " + text.replace("\n", "\n    "), flush=True)


def idle_estimate(cpu_of, workers):
    """Wall time the jobs would take on `workers` idle cores: their CPU times
    scheduled longest first, each on the core that frees up first."""
    cores = [0.0] * workers
    for c in sorted(cpu_of.values(), reverse=True):
        cores[cores.index(min(cores))] += c
    return max(cores)


def run_job(board, group, job, argv, env):
    """Runs one job; its output goes through a temp file so that wait4 can
    reap it and report the CPU time it used (load-independent, unlike wall)."""
    t0 = time.time()
    with tempfile.TemporaryFile(mode="w+") as out:
        p = subprocess.Popen(argv, cwd=ROOT, env=dict(os.environ, **env), stdout=out, stderr=subprocess.STDOUT,
                             text=True)
        _, status, usage = os.wait4(p.pid, 0)
        p.returncode = os.waitstatus_to_exitcode(status)
        out.seek(0)
        text = out.read()
    board.finish(group, job, time.time() - t0, usage.ru_utime + usage.ru_stime, p.returncode, text)


def main():
    if len(sys.argv) == 3 and sys.argv[1] == "--py":
        run_py_module(sys.argv[2])
    os.chdir(ROOT)
    t0 = time.time()
    words = sys.argv[1:]
    todo = [j for j in jobs_and_groups() if not words or any(w in j[1] for w in words)]
    known = load_times()
    # Longest first (last run's times; unknown: sanitizer jobs, then the rest),
    # so the two workers finish together.
    todo.sort(key=lambda j: -known.get(j[1], 1000 if "asan" in j[1] else 100))
    workers = int(os.environ.get("TEST_JOBS") or os.cpu_count() or 2)
    board = Board(todo)
    print("make test: %d groups (C suites, the same under ASan+UBSan, Python modules; %d jobs), %d at a "
          "time; about 3 minutes on 2 idle cores" % (board.total, len(todo), workers), flush=True)
    with ThreadPoolExecutor(max_workers=workers) as pool:
        for j in todo:
            pool.submit(run_job, board, *j)
    if not words:
        os.makedirs(os.path.dirname(TIMES), exist_ok=True)
        with open(TIMES + ".part", "w") as f:
            json.dump(board.cpu_of, f, indent=0, sort_keys=True)
        os.replace(TIMES + ".part", TIMES)
    if board.skips:
        print("skipped:")
        for s in board.skips:
            print("  " + s)
    if board.failed_groups:
        print("failed groups: " + ", ".join(board.failed_groups))
    longest = max(board.cpu_of.items(), key=lambda kv: kv[1], default=("-", 0))
    print("wall time %.1f s; CPU time %.1f s over all jobs (longest: %s, %.1f s), so about %.0f s on %d idle "
          "cores" % (time.time() - t0, board.cpu, longest[0], longest[1], idle_estimate(board.cpu_of, workers),
                     workers))
    print("%d passed, %d failed, %d skipped" % tuple(board.counts))
    sys.exit(1 if board.counts[1] else 0)


if __name__ == "__main__":
    main()
