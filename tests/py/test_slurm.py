"""scripts/slurm_suite.py under a real single-node Slurm (tests/py/slurm_local.py):
a suite of five tiny maps as an array of 4 tasks plus the merge. One task is
cancelled on purpose: the merge names it and writes no summary; re-running
that task alone completes the summary, which then equals a one-machine run's
in every column but the times. With --retries the merge job re-runs the
cancelled task itself. Skips with one line where Slurm is not
installed or will not start (not root, no slurm-wlm/munge). Without Slurm,
the scripts it writes are run by hand, as GNU parallel would."""
import json
import os
import subprocess
import sys
import tempfile
import time
import unittest

from tests.py import slurm_local
from tests.py.test_shard import make_bench, untimed_summary
from tests.py.util import GPPC, ROOT

SLURM_SUITE = os.path.join(ROOT, "scripts", "slurm_suite.py")
RUN_SUITE = os.path.join(ROOT, "scripts", "run_suite.py")


class SlurmArray(unittest.TestCase):
    def setUp(self):
        why = slurm_local.missing() or (None if os.access(GPPC, os.X_OK) else "build/gppc not built")
        if why:
            self.skipTest(why)
        td = tempfile.TemporaryDirectory(prefix="gppc-slurm-")
        self.addCleanup(td.cleanup)
        self.dir = td.name
        self.slurm = slurm_local.LocalSlurm(os.path.join(self.dir, "slurm"))
        os.makedirs(self.slurm.dir)
        self.addCleanup(self.slurm.stop)  # runs before td.cleanup, and on any failure
        try:
            self.slurm.start()
        except RuntimeError as e:
            self.skipTest("Slurm did not start: " + str(e).splitlines()[0])

    def run_cmd(self, *argv):
        p = subprocess.run(list(argv), capture_output=True, text=True, env=self.slurm.env(), timeout=120)
        if p.returncode != 0:
            raise AssertionError("%s: exit %d\n%s%s" % (" ".join(argv), p.returncode, p.stdout, p.stderr))
        return p.stdout

    def wait_idle(self, timeout=90):
        """Until Slurm holds no job; fails with the queue and daemon logs."""
        end = time.time() + timeout
        while time.time() < end:
            if not self.run_cmd("squeue", "-h", "-o", "%i").strip():
                return
            time.sleep(0.3)
        self.fail("jobs still queued after %ds:\n%s\n%s" % (timeout, self.run_cmd("squeue"), self.slurm.logs()))

    def run_cancelling(self, out, task, *argv):
        """Submits a suite held, cancels one task before it can start,
        releases the rest, waits until Slurm is idle; returns the plan."""
        self.run_cmd(sys.executable, SLURM_SUITE, "--hold", "--out", out, *argv)
        with open(os.path.join(out, "slurm", "plan.json")) as f:
            array = json.load(f)["arrays"][0]
        self.run_cmd("scancel", "%s_%d" % (array, task))
        self.run_cmd("scontrol", "release", array)
        self.wait_idle()
        with open(os.path.join(out, "slurm", "plan.json")) as f:
            return json.load(f)

    def test_array_with_a_cancelled_task_then_its_rerun(self):
        bench, out, one = (os.path.join(self.dir, n) for n in ("bench", "out", "one"))
        make_bench(bench)
        suite = ["--bench-dir", bench, "--entries", "astar,mm", "--no-plots"]
        self.run_cmd(sys.executable, RUN_SUITE, *suite, "--out", one)
        self.run_cancelling(out, 2, "--tasks", "4", "--time", "5:00", *suite)
        logs = os.path.join(out, "slurm", "logs")
        merge_logs = sorted(n for n in os.listdir(logs) if n.startswith("merge-"))
        with open(os.path.join(logs, merge_logs[0])) as f:
            report = f.read()
        self.assertIn("1 of 4 shards did not finish", report)
        self.assertIn("shard 2 (%s)" % os.path.join(out, "shard-2"), report)
        self.assertIn("--rerun 2 ", report)
        self.assertFalse(os.path.exists(os.path.join(out, "summary.csv")))
        for k in (0, 1, 3):
            self.assertTrue(os.path.isfile(os.path.join(out, "shard-%d" % k, "DONE")), k)

        self.run_cmd(sys.executable, SLURM_SUITE, "--rerun", "2", "--out", out)
        self.wait_idle()
        self.assertEqual(untimed_summary(out), untimed_summary(one))
        self.assertEqual(len(untimed_summary(one)), 6)  # (all, f1, f2) x (astar, mm)
        with open(os.path.join(out, "summary.md")) as f:
            ran_on = [l for l in f if l.startswith("Ran on: ")]
        # Each task saw the one CPU Slurm gave it (--cpus-per-task 1, task/affinity).
        self.assertEqual(len(ran_on), 1)
        self.assertIn("(%s, 1 CPU): shards 0/4, 1/4, 2/4, 3/4." % slurm_local_cpu(), ran_on[0])

        # --retries 1: the merge job resubmits the cancelled task itself.
        auto = os.path.join(self.dir, "auto")
        plan = self.run_cancelling(auto, 1, "--tasks", "2", "--retries", "1", *suite)
        self.assertEqual((len(plan["arrays"]), len(plan["merges"]), plan["retries"]), (2, 2, 0))
        self.assertEqual(untimed_summary(auto), untimed_summary(one))


class WithoutSlurm(unittest.TestCase):
    """The scripts slurm_suite.py writes are plain bash: run by hand (as GNU
    parallel would, docs/cluster.md) they make the same shards and merge."""

    def test_dry_run_scripts_run_by_hand(self):
        if not os.access(GPPC, os.X_OK):
            self.skipTest("build/gppc not built")
        with tempfile.TemporaryDirectory(prefix="gppc-shards-") as d:
            bench, out = os.path.join(d, "bench"), os.path.join(d, "out")
            make_bench(bench)
            suite = ["--bench-dir", bench, "--entries", "astar", "--no-plots"]
            p = subprocess.run([sys.executable, SLURM_SUITE, "--dry-run", "--tasks", "2", "--partition", "short",
                                "--mem", "2G", "--sbatch=--account=lab", "--out", out] + suite,
                               capture_output=True, text=True, timeout=60)
            self.assertEqual(p.returncode, 0, p.stderr)
            for line in ("#SBATCH --array=0-1", "#SBATCH --partition=short", "#SBATCH --mem=2G",
                         "#SBATCH --account=lab", "#SBATCH --cpus-per-task=1", '--shard "$K/2"',
                         "sbatch --parsable --dependency=afterany:JOBID"):
                self.assertIn(line, p.stdout)
            self.assertEqual(os.listdir(os.path.join(out, "slurm", "logs")), [])  # nothing ran

            def task(k):
                env = dict(os.environ, SLURM_ARRAY_TASK_ID=str(k))
                env.pop("SLURMD_NODENAME", None)
                return subprocess.run(["bash", os.path.join(out, "slurm", "array.sh")], env=env,
                                      capture_output=True, text=True, timeout=120)

            def merge():
                return subprocess.run(["bash", os.path.join(out, "slurm", "merge.sh")], capture_output=True,
                                      text=True, timeout=120)

            self.assertEqual(task(1).returncode, 0)
            m = merge()
            self.assertNotEqual(m.returncode, 0)
            self.assertIn("1 of 2 shards did not finish:\n  shard 0 (%s)" % os.path.join(out, "shard-0"), m.stderr)
            self.assertEqual(task(0).returncode, 0)
            self.assertEqual(merge().returncode, 0)
            self.assertEqual(len(untimed_summary(out)), 3)  # astar: all, f1, f2

    def test_bad_options(self):
        for argv, message in ((["--tasks", "2", "--out", "x", "-j", "2"], "-j: set per task"),
                              (["--tasks", "2", "--out", "x", "--no-such-option"], "unrecognized arguments"),
                              (["--rerun", "1", "--time", "1:00", "--out", "x"], "not with --time"),
                              (["--out", "x"], "--tasks N")):
            p = subprocess.run([sys.executable, SLURM_SUITE, "--dry-run"] + argv, capture_output=True, text=True,
                               timeout=60, cwd=tempfile.gettempdir())
            self.assertNotEqual(p.returncode, 0, argv)
            self.assertIn(message, p.stderr, argv)


def slurm_local_cpu():
    sys.path.insert(0, os.path.join(ROOT, "scripts"))
    import suite_shard
    return suite_shard.cpu_model()


if __name__ == "__main__":
    unittest.main()
