#!/usr/bin/env python3
"""`make test`: every test group, two at a time (one per core), each printed
with its time as it finishes.

A group is one C suite (`build/test_c --list`), the same suite under
ASan+UBSan (build/asan/test_c), or one Python module of tests/py, so a suite
or module added there is picked up without an edit here. Each plain C test
runs as its own job (so the two workers stay busy to the end), and under
ASan+UBSan each suite runs as one job (a sanitized process's start and exit
leak check cost more than most tests); a group prints one
line when its last job ends, and a failing group also prints what its
failing jobs wrote (expected error messages stay captured on a pass). At the end every
skip is listed with its reason, then the wall time and the closing line
"N passed, N failed, N skipped" summed over all groups. Exit 1 on any failure.

The slowest jobs start first: their CPU times are kept in
build/test_times.json from the last run (a fresh clone starts the sanitizer
jobs first). The closing lines give the wall time, the CPU time of all jobs
and what that would take on idle cores (a shared machine's wall time says
little on its own).

`--build` (make test) first runs `make -j2 test-build` itself, streaming its
lines. Something is printed at least every HEARTBEAT seconds in both phases
(a line naming the jobs still running when nothing else was said). The
first line estimates the CPU time of the whole run: the build from the
commands `make -n` says are due, at the CPU per command of a recorded full
build, and each job at its last recorded CPU time (build/test_times.json,
else tests/cpu_record.json, the committed record of a full run; a job in
neither counts as the median of its kind). The last lines give the CPU time
measured (build and tests; user + system, load-independent unlike wall) and
the longest silence. `--save-record` writes tests/cpu_record.json from the
run (do it after a full `make clean; make test`).

    python3 tests/run_all.py            # all groups, TEST_JOBS (default: cores) at a time
    python3 tests/run_all.py mm legs    # only jobs whose name contains a word given
"""
import io
import json
import os
import re
import resource
import statistics
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
RECORD = os.path.join(ROOT, "tests", "cpu_record.json")
# Seconds of silence before a line saying what still runs (the runner's own
# test shortens it).
HEARTBEAT = float(os.environ.get("RUN_ALL_HEARTBEAT") or 10.0)
BUILD_KEY = "_build"  # test_times.json: {"cpu": s, "commands": n} of the last build that ran anything
BENCH_KEY = "_bench_skipped"  # jobs seen skipping for want of the benchmark folder
sys.path.insert(0, ROOT)
from tests.py.util import find_bench_dir  # noqa: E402
# Found once, here, and handed to every job (the C tests read only
# $GPPC_BENCH_DIR and ../shared/benchmarks): a worktree's jobs find the
# folder beside its main checkout as a clean clone's find it beside it.
BENCH_DIR = find_bench_dir()[0]
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


def jobs_and_groups(san_by_suite=True):
    """[(group, job name, argv, env)]: a job per plain C test, per C suite
    under ASan+UBSan (a sanitized process costs several times a plain one to
    start and to leak-check at exit, so a suite shares one; a job per test when
    SAN_BY_SUITE is false, as a run of named tests wants), and per Python
    module; a group is a C suite or a module."""
    out = []
    for kind, binary, env in (("C", "build/test_c", {}), ("C asan+ubsan", "build/asan/test_c", SAN_ENV)):
        p = subprocess.run([os.path.join(ROOT, binary), "--list"], capture_output=True, text=True)
        if p.returncode != 0:
            sys.exit("run_all: %s --list failed (exit %d): build it with make" % (binary, p.returncode))
        suites = []
        for line in p.stdout.splitlines():
            suite, test = line.split(None, 1)  # a test name may hold spaces
            group = "%s %s" % (kind, suite)
            if env is not SAN_ENV or not san_by_suite:
                out.append((group, group + "." + test, [binary, "--suite", suite, "--test", test], env))
            elif suite not in suites:
                suites.append(suite)
                out.append((group, group, [binary, "--suite", suite], env))
    pydir = os.path.join(ROOT, "tests", "py")
    for name in sorted(os.listdir(pydir)):
        if name.startswith("test_") and name.endswith(".py"):
            group = "py " + name[5:-3]
            module = "tests.py." + name[:-3]
            out.append((group, group, [sys.executable, os.path.abspath(__file__), "--py", module], {}))
    return out


def load_times(path=TIMES):
    try:
        with open(path) as f:
            return json.load(f)
    except (OSError, ValueError):
        return {}


class Out:
    """Every line goes through say(), which keeps the longest silence
    (between lines, and from the start and to the end); a heartbeat thread
    says what is still running after HEARTBEAT seconds of silence."""

    def __init__(self):
        self.lock = threading.Lock()
        self.t0 = self.last = time.time()
        self.longest = 0.0
        self.status = lambda: ""  # what the heartbeat line says
        self.stop = threading.Event()

    def say(self, text):
        with self.lock:
            now = time.time()
            self.longest = max(self.longest, now - self.last)
            self.last = now
            print(text, flush=True)

    def beat(self):
        while not self.stop.wait(min(1.0, HEARTBEAT / 4)):
            if time.time() - self.last >= HEARTBEAT:
                self.say("  ... %3.0fs %s" % (time.time() - self.t0, self.status()))

    def start(self):
        threading.Thread(target=self.beat, daemon=True).start()

    def end(self):
        self.stop.set()
        with self.lock:
            self.longest = max(self.longest, time.time() - self.last)
        return self.longest


OUT = Out()


def children_cpu():
    r = resource.getrusage(resource.RUSAGE_CHILDREN)
    return r.ru_utime + r.ru_stime


def make_cmd(*args):
    """make without the caller's jobserver (its descriptors do not reach a
    grandchild), two jobs at a time as the brief allows."""
    env = {k: v for k, v in os.environ.items() if k not in ("MAKEFLAGS", "MFLAGS", "MAKELEVEL")}
    return [os.environ.get("MAKE_CMD") or "make", "--no-print-directory", "-j2"] + list(args), env


def build_commands_due():
    """The compile and link commands `make test-build` would run now."""
    cmd, env = make_cmd("-n", "test-build")
    p = subprocess.run(cmd, cwd=ROOT, env=env, capture_output=True, text=True)
    return sum(1 for line in p.stdout.splitlines() if re.match(r"^\S*(cc|gcc|clang|c\+\+|g\+\+)\s", line))


def run_build():
    """Runs make test-build, its lines streamed; returns (CPU seconds, commands
    run). Exits on a failed build."""
    cmd, env = make_cmd("test-build")
    OUT.say("make test: building what is out of date (plain and ASan+UBSan): " + " ".join(cmd))
    cpu0, n = children_cpu(), 0
    started = time.time()
    OUT.status = lambda: "building (%d commands so far, %.0f s)" % (n, time.time() - started)
    p = subprocess.Popen(cmd, cwd=ROOT, env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    for line in p.stdout:
        line = line.rstrip("\n")
        if re.match(r"^\S*(cc|gcc|clang|c\+\+|g\+\+)\s", line):
            n += 1
            # One short line per command (the flags are the Makefile's): the target.
            m = re.search(r"-o (\S+)", line)
            line = "  [build %3d] %s" % (n, m.group(1) if m else line[:100])
        OUT.say(line)
    if p.wait() != 0:
        OUT.end()
        sys.exit("make test: the build failed (exit %d)" % p.returncode)
    return children_cpu() - cpu0, n


def estimate(todo, known, build_due, record=None, have_bench=None):
    """CPU seconds the run should take: the build's due commands at the
    recorded CPU per command, and each job at its recorded CPU time (the
    median of its kind when it has none)."""
    record = load_times(RECORD) if record is None else record
    build = known.get(BUILD_KEY) or record.get(BUILD_KEY) or {}
    per_command = build.get("cpu", 0.0) / max(build.get("commands", 1), 1)
    kind = lambda job: "asan" if "asan" in job else "py" if job.startswith("py ") else "C"  # noqa: E731
    # A job that needs the benchmarks costs what the record says when they
    # are here (the last run may have skipped it), next to nothing otherwise.
    bench = set(known.get(BENCH_KEY, [])) | set(record.get(BENCH_KEY, []))
    have_bench = BENCH_DIR is not None if have_bench is None else have_bench
    times = dict(record)
    times.update({k: v for k, v in known.items() if not (have_bench and k in bench)})
    for key in (BUILD_KEY, BENCH_KEY):
        times.pop(key, None)
    if not have_bench:
        times.update({j: 0.1 for j in bench})
    medians = {}
    for k in ("asan", "py", "C"):
        vals = [v for j, v in times.items() if kind(j) == k and j not in bench]
        medians[k] = statistics.median(vals) if vals else 1.0
    jobs = sum(times.get(j[1], medians[kind(j[1])]) for j in todo)
    return build_due * per_command, jobs


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
        self.bench_skipped = set()

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
            if any("benchmark folder" in s for s in SKIP.findall(out)):
                self.bench_skipped.add(job)
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
            OUT.say("[%2d/%d] %6.1fs  %-26s %s" % (self.done, self.total, g["seconds"], group, status))
            for text in g["out"]:
                OUT.say("    " + text.replace("\n", "\n    "))


def idle_estimate(cpu_of, workers):
    """Wall time the jobs would take on `workers` idle cores: their CPU times
    scheduled longest first, each on the core that frees up first."""
    cores = [0.0] * workers
    for c in sorted(cpu_of.values(), reverse=True):
        cores[cores.index(min(cores))] += c
    return max(cores)


RUNNING = {}  # job name -> start time, for the heartbeat line


def running_status(board, njobs):
    now = time.time()
    jobs = sorted(RUNNING.items(), key=lambda kv: kv[1])
    return "%d of %d jobs done; running: %s" % (len(board.cpu_of), njobs, ", ".join(
        "%s (%.0f s)" % (j, now - t) for j, t in jobs) or "-")


def run_job(board, group, job, argv, env):
    """Runs one job; its output goes through a temp file so that wait4 can
    reap it and report the CPU time it used (load-independent, unlike wall)."""
    t0 = time.time()
    RUNNING[job] = t0
    with tempfile.TemporaryFile(mode="w+") as out:
        p = subprocess.Popen(argv, cwd=ROOT, env=dict(os.environ, **env), stdout=out, stderr=subprocess.STDOUT,
                             text=True)
        _, status, usage = os.wait4(p.pid, 0)
        p.returncode = os.waitstatus_to_exitcode(status)
        out.seek(0)
        text = out.read()
    del RUNNING[job]
    board.finish(group, job, time.time() - t0, usage.ru_utime + usage.ru_stime, p.returncode, text)


def main():
    if len(sys.argv) == 3 and sys.argv[1] == "--py":
        run_py_module(sys.argv[2])
    os.chdir(ROOT)
    if BENCH_DIR:
        os.environ.setdefault("GPPC_BENCH_DIR", BENCH_DIR)
    t0, cpu0 = time.time(), children_cpu()
    args = sys.argv[1:]
    build, save = "--build" in args, "--save-record" in args
    words = [w for w in args if w not in ("--build", "--save-record")]
    known = load_times()
    due = build_commands_due() if build else 0
    OUT.start()
    # The one estimate, before anything runs: the build's due commands, and
    # the jobs the records name (the job list itself needs the binaries).
    recorded = [("", j, [], {}) for j in sorted(set(load_times(RECORD)) | set(known))
                if not j.startswith("_") and (not words or any(w in j for w in words))]
    est_build, est_jobs = estimate(recorded, known, due)
    OUT.say("make test: estimated CPU time %.0f s (build %.0f s for %d commands due, %d recorded jobs %.0f s), "
            "from the CPU times of earlier runs" % (est_build + est_jobs, est_build, due, len(recorded), est_jobs))
    if build:
        build_cpu, built = run_build()
        if built:
            known[BUILD_KEY] = {"cpu": round(build_cpu, 2), "commands": built}
    else:
        build_cpu = 0.0
    todo = [j for j in jobs_and_groups(san_by_suite=not words) if not words or any(w in j[1] for w in words)]
    # Longest first (last run's times; unknown: sanitizer jobs, then the rest),
    # so the two workers finish together.
    todo.sort(key=lambda j: -known.get(j[1], 1000 if "asan" in j[1] else 100))
    workers = int(os.environ.get("TEST_JOBS") or os.cpu_count() or 2)
    board = Board(todo)
    OUT.say("make test: %d groups (C suites, the same under ASan+UBSan, Python modules; %d jobs), %d at a time"
            % (board.total, len(todo), workers))
    OUT.status = lambda: running_status(board, len(todo))
    cpu_tests0 = children_cpu()
    with ThreadPoolExecutor(max_workers=workers) as pool:
        for j in todo:
            pool.submit(run_job, board, *j)
    if not words:
        os.makedirs(os.path.dirname(TIMES), exist_ok=True)
        times = dict(board.cpu_of)
        if BUILD_KEY in known:
            times[BUILD_KEY] = known[BUILD_KEY]
        times[BENCH_KEY] = sorted(board.bench_skipped | set(known.get(BENCH_KEY, [])) |
                                  set(load_times(RECORD).get(BENCH_KEY, [])))
        for path in [TIMES] + ([RECORD] if save else []):
            with open(path + ".part", "w") as f:
                json.dump(times, f, indent=0, sort_keys=True)
            os.replace(path + ".part", path)
    if board.skips:
        OUT.say("skipped:")
        for s in board.skips:
            OUT.say("  " + s)
    if board.failed_groups:
        OUT.say("failed groups: " + ", ".join(board.failed_groups))
    longest = max(board.cpu_of.items(), key=lambda kv: kv[1], default=("-", 0))
    test_cpu = children_cpu() - cpu_tests0
    OUT.say("wall time %.1f s; CPU time %.1f s over all jobs (longest: %s, %.1f s), so about %.0f s on %d idle "
            "cores" % (time.time() - t0, board.cpu, longest[0], longest[1], idle_estimate(board.cpu_of, workers),
                       workers))
    me = resource.getrusage(resource.RUSAGE_SELF)
    total = children_cpu() - cpu0 + me.ru_utime + me.ru_stime
    silence = OUT.end()
    print("CPU time %.1f s (build %.1f s, tests %.1f s, this runner %.1f s), estimated %.0f s; longest silence "
          "%.1f s" % (total, build_cpu, test_cpu, me.ru_utime + me.ru_stime,
                      est_jobs + est_build, silence), flush=True)
    print("%d passed, %d failed, %d skipped" % tuple(board.counts))
    sys.exit(1 if board.counts[1] else 0)


if __name__ == "__main__":
    main()
