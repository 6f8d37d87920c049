"""tests/run_all.py (make test): a line per group as it ends, skips listed
with their reasons, failures shown with what the failing test wrote, the
closing counts line, and new C tests picked up from `test_c --list`."""
import os
import re
import subprocess
import sys
import unittest

from tests.py.util import ROOT

RUN_ALL = os.path.join(ROOT, "tests", "run_all.py")


def run_all(*words, env=None):
    p = subprocess.run([sys.executable, RUN_ALL] + list(words), cwd=ROOT, capture_output=True, text=True,
                       env=dict(os.environ, **(env or {})))
    return p.returncode, p.stdout


class Runner(unittest.TestCase):
    def test_a_passing_group_is_one_line_and_counts_close(self):
        code, out = run_all("cli_gnu_forms")
        self.assertEqual(code, 0, out)
        lines = out.splitlines()
        self.assertTrue(lines[0].startswith("make test: estimated CPU time "), out)
        groups = [l for l in lines if l.startswith("[")]
        self.assertEqual(len(groups), 2, out)  # the C suite, plain and under the sanitizers
        self.assertTrue(all("1 passed" in l for l in groups), out)
        self.assertEqual(lines[-1], "2 passed, 0 failed, 0 skipped")
        self.assertIn("CPU time", lines[-2])

    def test_skips_are_listed_with_their_reason(self):
        # Without the benchmark folder the real-map tests skip, each with a reason.
        code, out = run_all("baselines_optimal_on_real_maps", "abs_real_maps_sample",
                            env={"GPPC_BENCH_DIR": "/nonexistent/bench"})
        self.assertEqual(code, 0, out)
        self.assertIn("skipped:\n", out)
        self.assertIn("benchmark folder absent ($GPPC_BENCH_DIR /nonexistent/bench)", out)
        self.assertTrue(out.splitlines()[-1].endswith("0 failed, %s skipped" % out.count("absent")), out)

    def test_idle_estimate_schedules_longest_first(self):
        sys.path.insert(0, os.path.join(ROOT, "tests"))
        import run_all  # noqa: E402
        self.assertEqual(run_all.idle_estimate({"a": 3, "b": 2, "c": 2, "d": 1}, 2), 4)
        self.assertEqual(run_all.idle_estimate({"a": 10, "b": 1, "c": 1}, 2), 10)
        self.assertEqual(run_all.idle_estimate({}, 2), 0)

    def test_silence_is_broken_by_a_heartbeat_and_the_close_measures_it(self):
        # A job of a second or more even on an idle machine (the plain build's
        # alone: the word holds its group), with a 0.2 s heartbeat: lines naming
        # it while it runs; the close gives the CPU time, the estimate and the
        # longest silence.
        code, out = run_all("C abs_locate.abs_locate_by_sight", env={"RUN_ALL_HEARTBEAT": "0.2"})
        self.assertEqual(code, 0, out)
        self.assertRegex(out, r"\.\.\. +\d+s 0 of 1 jobs done; running: C abs_locate\.abs_locate_by_sight")
        m = re.search(r"^CPU time ([\d.]+) s \(build [\d.]+ s, tests [\d.]+ s, this runner [\d.]+ s\), "
                      r"estimated (\d+) s; longest silence ([\d.]+) s$", out, re.M)
        self.assertTrue(m, out)
        self.assertLess(float(m.group(3)), 3.0, out)

    def test_estimate_from_records_medians_and_the_benchmarks(self):
        sys.path.insert(0, os.path.join(ROOT, "tests"))
        import run_all  # noqa: E402
        todo = [("g", "C a.x", [], {}), ("g", "C a.y", [], {}), ("g", "C new.z", [], {}), ("p", "py m", [], {})]
        record = {"C a.x": 10.0, "C a.y": 2.0, "C b.w": 4.0, "C b.v": 4.0, "py m": 3.0,
                  "_build": {"cpu": 100.0, "commands": 50}, "_bench_skipped": ["C a.x"]}
        # Built from clean (20 of the 50 commands due); C new.z unknown: the C median (4).
        build, jobs = run_all.estimate(todo, {}, 20, record, have_bench=True)
        self.assertEqual((build, jobs), (40.0, 10 + 2 + 4 + 3))
        # The last run here skipped a.x for want of the benchmarks and ran y slower.
        known = {"C a.x": 0.01, "C a.y": 3.0, "_bench_skipped": ["C a.x"]}
        self.assertEqual(run_all.estimate(todo, known, 0, record, have_bench=True)[1], 10 + 3 + 4 + 3)
        self.assertAlmostEqual(run_all.estimate(todo, known, 0, record, have_bench=False)[1], 0.1 + 3 + 4 + 3)

    def test_every_listed_c_test_becomes_a_job(self):
        def listed(binary):
            return [tuple(l.split()) for l in subprocess.run([os.path.join(ROOT, binary), "--list"], cwd=ROOT,
                                                             capture_output=True, text=True).stdout.split("\n") if l]
        plain, san = listed("build/test_c"), listed("build/asan/test_c")
        self.assertGreater(len(plain), 60)
        # The sanitizer build leaves out only the few replays main.c names.
        self.assertTrue(set(san) < set(plain) and len(plain) - len(san) <= 6, set(plain) - set(san))
        sys.path.insert(0, os.path.join(ROOT, "tests"))
        import run_all  # noqa: E402
        jobs = {j[1]: j[2] for j in run_all.jobs_and_groups()}
        for suite, test in plain:
            self.assertIn("C %s.%s" % (suite, test), jobs)
        # Under the sanitizers a suite is one job, running every test of it.
        for suite, test in san:
            self.assertEqual(jobs["C asan+ubsan " + suite], ["build/asan/test_c", "--suite", suite])


if __name__ == "__main__":
    unittest.main()
