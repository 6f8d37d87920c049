"""External entries (`build/gppc --entry ext:DIR`, docs/ext.md): the
project's own classic-kit folder kits/ext/test-astar (two .cpp files and a
Makefile; it keeps a pointer to the map it is given, as the kit's example
does) is built by its own Makefile into a cached object and runs valid;
a copy told by its environment to segfault on its 3rd query gives one line
naming entry, map, query and signal, in the driver and in the suite, whose
other jobs finish; the same copy throwing on its 2nd query gives one line
naming the exception, and rewriting its path on its 2nd query one line naming
map and query; a copy that does not build gives the build's error lines and
exit 2; bad folders (no Entry.cpp, a build that makes no object, one of our
names) are one message and exit 2 with nothing run; a build past --time-limit
is stopped and its work folder removed by the next build; --calls writes the
kit's calls. Objects are cached by content (build/ext-cache/), and the copies
that misbehave by their environment have the test entry's content, so a
clean tree compiles it once (and two folders that fail their builds)."""
import csv
import json
import math
import os
import shutil
import subprocess
import sys
import time
import unittest

from tests.py.util import GPPC, ROOT, TempDir, run_gppc, write

FOLDER = os.path.join(ROOT, "kits", "ext", "test-astar")
MAP = os.path.join(ROOT, "maps", "rooms", "16room256-0.map")
SCEN = os.path.join(ROOT, "scenarios", "rooms", "16room256-0.map.scen")
RUN_SUITE = os.path.join(ROOT, "scripts", "run_suite.py")


def short_scen(path, n):
    """The first n queries of the embedded rooms scenario, written to path."""
    with open(SCEN) as f:
        lines = f.readlines()
    with open(path, "w") as f:
        f.writelines(lines[:n + 1])
    return path


def entry_copy(d, name, makefile_extra="", source_extra=""):
    """kits/ext/test-astar copied to d/name, with a line added to its Makefile or search.cpp."""
    dest = os.path.join(d, name)
    shutil.copytree(FOLDER, dest)
    if makefile_extra:
        with open(os.path.join(dest, "Makefile"), "a") as f:
            f.write(makefile_extra)
    if source_extra:
        with open(os.path.join(dest, "search.cpp"), "a") as f:
            f.write(source_extra)
    return dest


def cmdline(pid):
    try:
        with open("/proc/%s/cmdline" % pid) as f:
            return f.read().rstrip("\x00")
    except OSError:
        return ""


def sleeping(nap, grace_s=10):
    """The `sleep NAP` processes still there after grace_s: one killed but
    not yet scheduled to die (a loaded machine) is still in /proc a while."""
    deadline = time.time() + grace_s
    while True:
        pids = [pid for pid in os.listdir("/proc") if pid.isdigit() and cmdline(pid) == "sleep\x00" + nap]
        if not pids or time.time() > deadline:
            return pids
        time.sleep(0.05)


def crash_lines(stderr):
    return [l for l in stderr.splitlines() if "SIGSEGV" in l]


class ExtEntry(unittest.TestCase):
    def setUp(self):
        if not shutil.which("g++"):
            self.skipTest("g++ not installed: a classic-kit entry cannot be built")

    def test_own_folder_builds_and_runs_valid_in_waypoints(self):
        with TempDir() as d:
            csv_path = os.path.join(d, "result.csv")
            calls_path = os.path.join(d, "calls.tsv")
            code, out, err = run_gppc("--entry", "ext:" + FOLDER, "--pre-dir", d, "--csv", csv_path, "--calls",
                                      calls_path, "-check", MAP, short_scen(os.path.join(d, "s.scen"), 30))
            with open(csv_path) as f:
                rows = list(csv.DictReader(f))
            with open(calls_path) as f:
                calls = list(csv.DictReader(f, delimiter="\t"))
        self.assertEqual(code, 0, err[-2000:])
        self.assertIn('GetName() "test-astar-waypoints"', err)
        self.assertRegex(out, r"SUMMARY entry=test-astar queries=30 valid=30 invalid=0 ")
        self.assertRegex(out, r" mem_kb=\d+")
        # Waypoints as the kit returns them: on long paths path_size (points)
        # is far below the length in cells.
        self.assertTrue(any(int(r["path_size"]) * 4 < float(r["path_length"]) for r in rows), rows[-1])
        # --calls times the kit's calls as ours: every query's, the last one done.
        self.assertEqual(sorted({int(c["query"]) for c in calls}), list(range(30)))
        self.assertEqual(sum(c["done"] == "1" for c in calls), 30)

    def test_a_crash_on_the_third_query_is_one_line_and_the_suite_goes_on(self):
        with TempDir() as d:
            # The test entry itself (one build), crashing on its 3rd query by the environment.
            crashy = entry_copy(d, "crashy")
            crash = dict(os.environ, TEST_ASTAR_CRASH_ON_QUERY="3")
            scen = short_scen(os.path.join(d, "s.scen"), 6)
            code, out, err = run_gppc("--entry", "ext:" + crashy, "--pre-dir", d, "-full", MAP, scen, env=crash)
            self.assertEqual(code, -11, err)  # ended by the signal itself, as a crash should
            self.assertEqual(crash_lines(err), ["gppc: crashy on 16room256-0.map, query 3 (s.scen:4): died of signal "
                                                "SIGSEGV (segmentation fault)"], err)
            # Progress redrawn by '\r' and never ended: in a file the guard's line is still a line of its own.
            err_path = os.path.join(d, "crash.err")
            with open(err_path, "w") as f:
                p = subprocess.run([GPPC, "--entry", "ext:" + crashy, "--pre-dir", d, "-full", MAP, scen],
                                   stdout=subprocess.DEVNULL, stderr=f, env=dict(crash, TEST_ASTAR_PROGRESS="42 %"))
            with open(err_path, newline="") as f:
                last = f.read().split("\n")[-2]
            self.assertEqual((p.returncode, last), (-11, "gppc: crashy on 16room256-0.map, query 3 (s.scen:4): died of "
                                                        "signal SIGSEGV (segmentation fault)"))
            # An exception out of GetPath: one line with its what(), not a second one for the abort.
            p = subprocess.run([GPPC, "--entry", "ext:" + crashy, "--pre-dir", d,
                                "-full", MAP, scen], capture_output=True, text=True,
                               env=dict(crash, TEST_ASTAR_THROW_ON_QUERY="2"))
            said = [l for l in p.stderr.splitlines() if l.startswith("gppc: crashy on")]
            self.assertEqual((p.returncode, said), (-6, ["gppc: crashy on 16room256-0.map, query 2 (s.scen:3): GetPath "
                                                         "threw an exception: query 2 refused"]), p.stderr)
            # A path rewritten between calls: one line naming map and query, the run goes on.
            p = subprocess.run([GPPC, "--entry", "ext:" + crashy, "--pre-dir", d, "-full", MAP,
                                short_scen(os.path.join(d, "s2.scen"), 2)], capture_output=True, text=True,
                               env=dict(crash, TEST_ASTAR_SHRINK_ON_QUERY="2"))
            said = [l for l in p.stderr.splitlines() if "shrank" in l]
            self.assertRegex("\n".join(said), r"^gppc: crashy on 16room256-0\.map, query 2 \(s2\.scen:3\): GetPath "
                             r"shrank its path from \d+ to \d+ waypoints between calls; the \d+ already returned are "
                             r"kept$", p.stderr)
            self.assertEqual(p.returncode, 0, p.stderr)
            # The suite: two maps, ours and the crashing one; every job ends.
            bench = os.path.join(d, "bench")
            for name in ("16room256-0", "8room256-0"):
                os.makedirs(os.path.join(bench, "maps", "rooms"), exist_ok=True)
                os.makedirs(os.path.join(bench, "scenarios", "rooms"), exist_ok=True)
                shutil.copy(os.path.join(ROOT, "maps", "rooms", name + ".map"), os.path.join(bench, "maps", "rooms"))
                with open(os.path.join(ROOT, "scenarios", "rooms", name + ".map.scen")) as f:
                    head = f.readlines()[:6]
                write(os.path.join(bench, "scenarios", "rooms"), name + ".map.scen", "".join(head))
            out_dir = os.path.join(d, "out")
            p = subprocess.run([sys.executable, RUN_SUITE, "--bench-dir", bench, "--entries", "jps,ext:" + crashy,
                                "--out", out_dir, "--no-plots"], capture_output=True, text=True, env=crash)
            self.assertEqual(p.returncode, 0, p.stderr)
            lines = [l for l in p.stderr.splitlines() if "SIGSEGV" in l]
            self.assertEqual(len(lines), 2, p.stderr)
            for m in ("16room256-0", "8room256-0"):
                self.assertEqual(len([l for l in lines if "crashy on %s.map, query 3 " % m in l]), 1, lines)
                with open(os.path.join(out_dir, "raw", "jps", "rooms", m + ".txt")) as f:
                    self.assertIn("SUMMARY entry=jps queries=5 valid=5", f.read())
            with open(os.path.join(out_dir, "criteria.csv")) as f:
                rows = {(r["entry"], r["family"]): r for r in csv.DictReader(f)}
        crashed = rows[("crashy", "rooms")]
        self.assertEqual((crashed["queries"], crashed["solved"], crashed["failed_maps"]), ("10", "0", "2"))
        self.assertEqual((rows[("jps", "rooms")]["solved"], rows[("jps", "rooms")]["undominated"]), ("10", "1"))

    def test_a_folder_that_does_not_build_gives_its_errors_and_exit_2(self):
        with TempDir() as d:
            broken = entry_copy(d, "broken", source_extra="this is not C++;\n")
            code, out, err = run_gppc("--entry", "ext:" + broken, "-full", MAP, SCEN)
        self.assertEqual(code, 2, err)
        self.assertNotIn("SUMMARY", out)
        self.assertIn("its build (make) failed (exit 2); the last error lines:", err)
        self.assertNotIn("--help", err)  # not a usage error: the last line says why
        self.assertTrue(err.rstrip().splitlines()[-1].endswith("not loaded: the build above failed"), err)
        self.assertRegex(err, r"search\.cpp:\d+:\d+: error: .*this")

    def test_what_an_entry_prints_on_stdout_goes_to_stderr(self):
        # Archived entries print progress on stdout; between the GPPC lines it
        # would break --json, so the driver sends it to stderr.
        with TempDir() as d:
            chatty = entry_copy(d, "chatty")
            s = short_scen(os.path.join(d, "s.scen"), 3)
            code, out, err = run_gppc("--entry", "ext:" + chatty, "--pre-dir", d, "--json", "-full", MAP, s,
                                      env={"TEST_ASTAR_PRINT": "chatty: a query"})
        self.assertEqual(code, 0, err)
        self.assertEqual([json.loads(line)["type"] for line in out.splitlines()], ["query"] * 3 + ["summary"])
        self.assertEqual(err.count("chatty: a query"), 3)

    def test_an_any_angle_entry_is_refused_at_its_build(self):
        # The any-angle kit's xyLoc holds doubles: its points would be cut to
        # cells without a word, so the shim's build refuses it.
        with TempDir() as d:
            # The kit's four functions, no search: the shim's build is what fails.
            any_angle = os.path.join(d, "any-angle")
            os.makedirs(any_angle)
            write(any_angle, "Makefile", "run: Entry.cpp\n\t$(CXX) -o run Entry.cpp\n")
            write(any_angle, "Entry.cpp", "#include \"Entry.h\"\n"
                  "void PreprocessMap(const std::vector<bool> &, int, int, const std::string &) {}\n"
                  "void *PrepareForSearch(const std::vector<bool> &, int, int, const std::string &) { return 0; }\n"
                  "bool GetPath(void *, xyLoc, xyLoc, std::vector<xyLoc> &) { return true; }\n"
                  "std::string GetName() { return \"any-angle\"; }\n")
            shutil.copy(os.path.join(ROOT, "kits", "ext", "classic", "Entry.h"), any_angle)
            write(any_angle, "GPPC.h", "#ifndef GPPC_GPPC_H\n#define GPPC_GPPC_H\n"
                  "namespace GPPC { struct xyLoc { double x; double y; }; }\n#endif\n")
            code, out, err = run_gppc("--entry", "ext:" + any_angle, "-full", MAP, SCEN)
        self.assertEqual(code, 2, err)
        self.assertNotIn("SUMMARY", out)
        self.assertRegex(err, r"ext_shim\.cpp:\d+:\d+: error: .*xyLoc has non-integer coordinates")

    def test_bad_folders_are_one_message_and_exit_2_with_nothing_run(self):
        with TempDir() as d:
            no_entry = os.path.join(d, "no-entry")
            os.makedirs(no_entry)
            write(no_entry, "Makefile", "run:\n\ttrue\n")
            no_object = entry_copy(d, "no-object")
            write(no_object, "Makefile", "all:\n\t@echo nothing to build\n")
            mine = entry_copy(d, "mm")
            cases = [(no_entry, "no Entry.cpp: not a classic-kit entry folder"),
                     (no_object, "succeeded but made no entry.so"),
                     (mine, "the folder's name 'mm' is the name of one of our entries")]
            for folder, why in cases:
                code, out, err = run_gppc("--entry", "ext:" + folder, "--pre-dir", os.path.join(d, "pre"), "-full",
                                          MAP, SCEN)
                self.assertEqual(code, 2, err)
                self.assertEqual(out, "")
                self.assertIn(why, err)
                self.assertFalse(os.path.exists(os.path.join(d, "pre")), "something ran for " + folder)
                p = subprocess.run([sys.executable, RUN_SUITE, "--entries", "jps,ext:" + folder, "--family", "rooms",
                                    "--out", os.path.join(d, "out")], capture_output=True, text=True)
                self.assertEqual(p.returncode, 2, p.stderr)
                self.assertIn(why, p.stderr)
                self.assertFalse(os.path.exists(os.path.join(d, "out")), "the suite ran for " + folder)


    def test_a_build_past_the_time_limit_is_stopped_and_its_folder_removed_by_the_next_build(self):
        # --time-limit counts the build: its whole process group (make and
        # what make started) is killed, and nothing runs. The killed build's
        # work folder in the cache is removed by the next build of any folder,
        # with one line (the same folder's next build, then another folder's).
        with TempDir() as d:
            slow = entry_copy(d, "slow")
            nap = "47.%d" % os.getpid()  # this test's own: another test run's sleep is not ours
            write(slow, "Makefile", "all:\n\tsleep %s\n" % nap)
            broken = entry_copy(d, "broken")
            write(broken, "Makefile", "all:\n\tfalse\n")
            cache = os.path.join(d, "cache")
            env = dict(os.environ, GPPC_EXT_CACHE=cache)
            work = lambda: sorted(n for n in os.listdir(cache) if ".build-" in n or ".new-" in n)  # noqa: E731
            # The limit must pass only once make runs: on a loaded machine the
            # builder takes seconds to get there, so the limit is a multiple
            # of what a build that fails in make took here just now.
            t0 = time.time()
            p = subprocess.run([GPPC, "--entry", "ext:" + broken, "-full", MAP, SCEN], capture_output=True,
                               text=True, env=env)
            self.assertEqual(p.returncode, 2, p.stderr)
            limit = max(2, math.ceil(4 * (time.time() - t0)))
            self.assertEqual(work(), [])
            left, seen = [], []
            for _ in range(2):
                t0 = time.time()
                p = subprocess.run([GPPC, "--entry", "ext:" + slow, "--time-limit", str(limit), "--pre-dir",
                                    os.path.join(d, "pre"), "-full", MAP, SCEN], capture_output=True, text=True,
                                   env=env)
                took = time.time() - t0
                left += sleeping(nap)
                self.assertEqual(p.returncode, 2, p.stderr)
                self.assertEqual(p.stdout, "")
                self.assertLess(took, limit + 28, p.stderr)  # stopped, well before the sleep's end
                said = [l for l in p.stderr.splitlines() if "time-limit" in l and "removed" not in l]
                self.assertEqual(said, ["gppc: ext:%s: entry 'slow' not loaded: its build did not end within "
                                        "--time-limit %d s (stopped)" % (slow, limit)], p.stderr)
                self.assertEqual(p.stderr.rstrip().splitlines()[-1], said[0])
                removed = [l for l in p.stderr.splitlines() if l.startswith("ext_build: removed")]
                self.assertEqual(removed, ["ext_build: removed %s: the work folder of a build that was stopped "
                                           "before it ended (killed, e.g. past --time-limit)"
                                           % os.path.join(cache, n) for n in seen], p.stderr)
                self.assertEqual(len(work()), 1, work())
                self.assertNotIn(work()[0], seen)
                seen = work()
            self.assertEqual(left, [], "the build's sleep outlived the driver")
            self.assertFalse(os.path.exists(os.path.join(d, "pre")))
            p = subprocess.run([sys.executable, os.path.join(ROOT, "scripts", "ext_build.py"), broken],
                               capture_output=True, text=True, env=env)
            self.assertEqual(p.returncode, 2, p.stderr)
            self.assertIn("ext_build: removed %s: " % os.path.join(cache, seen[0]), p.stderr)
            self.assertEqual(work(), [])

    def test_no_builder_beside_the_binary_is_one_line_and_exit_2(self):
        # A copied binary finds no scripts/ext_build.py above it: one line naming where it looked.
        with TempDir() as d:
            os.makedirs(os.path.join(d, "build"))
            copy = shutil.copy(GPPC, os.path.join(d, "build", "gppc"))
            env = dict(os.environ)
            env.pop("GPPC_EXT_BUILD", None)
            for extra, said in (({}, "ext: no builder at %s/scripts/ext_build.py (scripts/ext_build.py of the tree"
                                      % os.path.realpath(d)),
                                ({"GPPC_EXT_BUILD": d + "/nope.py"}, "ext: no builder at %s/nope.py ($GPPC_EXT_BUILD)"
                                 % d)):
                p = subprocess.run([copy, "--entry", "ext:" + FOLDER, "--pre-dir", d, "-full", MAP, SCEN],
                                   capture_output=True, text=True, env=dict(env, **extra))
                self.assertEqual(p.returncode, 2, p.stderr)
                lines = [l for l in p.stderr.splitlines() if "try 'build/gppc --help'" not in l]
                self.assertEqual(len(lines), 1, p.stderr)
                self.assertIn(said, lines[0])


class Criteria(unittest.TestCase):
    """scripts/criteria.py on hand-made records: dominance as GPPC marks it."""

    def test_dominance(self):
        sys.path.insert(0, os.path.join(ROOT, "scripts"))
        import criteria  # noqa: E402
        base = {k: 1.0 for k, _, _ in criteria.CRITERIA}
        faster = dict(base, total_s=0.5)
        worse_memory = dict(base, total_s=0.5, mem_kb=2.0)
        self.assertTrue(criteria.dominates(faster, base))
        self.assertFalse(criteria.dominates(base, faster))
        self.assertFalse(criteria.dominates(base, dict(base)))  # equal: neither dominates
        self.assertFalse(criteria.dominates(faster, dict(base, solved=2.0)))  # more solved is better
        # Measured values within 1% are the same; so are preprocessing times under 10 ms.
        self.assertFalse(criteria.dominates(dict(base, total_s=0.995), base))
        self.assertFalse(criteria.dominates(dict(base, pre_s=0.001), dict(base, pre_s=0.002)))
        self.assertTrue(criteria.dominates(dict(base, storage_bytes=0.995), base))  # counted, not measured
        # Optimal within a unit of the optimum's last printed digit.
        self.assertTrue(criteria.is_optimal({"path_length": 1003.842712, "ref_length": 1003.84}))
        self.assertFalse(criteria.is_optimal({"path_length": 1003.86, "ref_length": 1003.84}))
        self.assertFalse(criteria.is_optimal({"path_length": 3.41422, "ref_length": 3.41421356}))
        group = [("a", base), ("b", faster), ("c", worse_memory)]
        criteria.mark_undominated(group)
        self.assertEqual([g[0] for g in group if g[1]["undominated"]], ["b"])
        self.assertEqual(criteria.frontier([(1, 5), (2, 3), (3, 4), (0.5, 9)]), [(0.5, 9), (1, 5), (2, 3)])


if __name__ == "__main__":
    unittest.main()
