"""scripts/paired.py: builds side by side on the same maps, interleaved; a
build whose paths differ from the first's is named, an invalid path counted."""
import os
import re
import subprocess
import sys
import unittest

from tests.py.test_scripts import make_bench
from tests.py.util import GPPC, ROOT, TempDir, write

SCRIPT = os.path.join(ROOT, "scripts", "paired.py")
OPEN = "type octile\nheight 6\nwidth 8\nmap\n" + "........\n" * 6  # many optimal paths: entries break ties apart
SCEN = "version 1\n0\tmaps/t/a.map\t8\t6\t0\t0\t7\t3\t8.24264069\n0\tmaps/t/a.map\t8\t6\t7\t5\t0\t2\t8.24264069\n"


def run(*args):
    return subprocess.run([sys.executable, SCRIPT] + list(args), capture_output=True, text=True)


def other_entry(d, spec):
    """A stand-in build: the driver with SPEC in place of the entry it is given
    (paired.py puts `--entry SPEC` first on every command line)."""
    path = write(d, "other.sh", "#!/bin/sh\nshift 2\nexec %s --entry %s \"$@\"\n" % (GPPC, spec))
    os.chmod(path, 0o755)
    return path


def row(out, name):
    return next(line for line in out.splitlines() if line.startswith("| t/a | %s |" % name))


class Paired(unittest.TestCase):
    def test_same_build_is_same_and_another_differs(self):
        with TempDir() as d:
            make_bench(d, SCEN)
            write(os.path.join(d, "maps", "t"), "a.map", OPEN)
            args = ["--bench-dir", d, "--entry", "astar", "--family", "t", "--rounds", "2",
                    "--bin", "base=" + GPPC, "--bin", "twin=" + GPPC]
            p = run(*args, "--work", os.path.join(d, "w"), "--out", os.path.join(d, "t.md"))
            self.assertEqual(p.returncode, 0, p.stderr)
            self.assertIn("Made by `python3 scripts/paired.py --bench-dir", p.stdout)
            self.assertRegex(row(p.stdout, "base"), r"\| 2 \| 0 \| 1\.000000 \| 1\.000000 \| .* \| 1\.000 \| "
                                                    r"[\d.]+ \([\d.]+\.\.[\d.]+\) \| reference \(\w{8}\) \|$")
            self.assertRegex(row(p.stdout, "twin"), r"\| same \(\w{8}\) \|$")
            with open(os.path.join(d, "t.md")) as f:
                self.assertIn(row(p.stdout, "twin"), f.read())
            # two calls files a build, one a round, kept with --work
            self.assertEqual(len([f for f in os.listdir(os.path.join(d, "w")) if f.endswith(".calls")]), 4)
            # jps breaks ties apart from astar: same lengths, other cells
            other = other_entry(d, "jps")
            p = run(*args[:-2], "--bin", "jps=" + other)
            self.assertEqual(p.returncode, 0, p.stderr)
            self.assertRegex(row(p.stdout, "jps"), r"\| differ in [12] of 2 queries, first \d: the same length "
                                                   r"8\.242641, cells differ from cell \d+ .*\(\w{8}\) \|$")
            self.assertIn("1 of 2 (map, build) rows with paths other than base's", p.stderr)
            p = run(*args[:-2], "--bin", "jps=" + other, "--expect-same")
            self.assertEqual(p.returncode, 1, p.stderr)

    def test_timed_runs_read_no_clock_around_each_call(self):
        # The CPU clock read around every call is a system call that slows
        # the calls after it: the timed runs are -full without it, and the
        # calls' figures come from a -run with it. A stand-in build says 7 s
        # in its -full runs and 1000 s where the clock is read per call.
        with TempDir() as d:
            make_bench(d, SCEN)
            write(os.path.join(d, "maps", "t"), "a.map", OPEN)
            log = os.path.join(d, "args.log")
            fake = write(d, "fake.sh", '#!/bin/sh\necho "$*" >> %s\nout=$(%s "$@"); rc=$?\ncase " $* " in\n'
                         '*" --cpu-clock call "*) echo "$out" | sed "s/ total_s=[0-9.]*/ total_s=1000/";;\n'
                         '*" -full "*) echo "$out" | sed "s/ total_s=[0-9.]*/ total_s=7/";;\n'
                         '*) echo "$out";;\nesac\nexit $rc\n' % (log, GPPC))
            os.chmod(fake, 0o755)
            p = run("--bench-dir", d, "--entry", "astar", "--family", "t", "--rounds", "3",
                    "--bin", "base=" + GPPC, "--bin", "fake=" + fake)
            self.assertEqual(p.returncode, 0, p.stderr)
            self.assertRegex(row(p.stdout, "fake"), r"\| 7\.000000 \(7\.000000\.\.7\.000000\) \|")
            with open(log) as f:
                runs = f.read().splitlines()
            timed = [r for r in runs if " -full " in " %s " % r and "--paths" not in r]  # not the paths run
            per_call = [r for r in runs if "--cpu-clock call" in r]
            self.assertEqual(len(timed), 3)
            self.assertFalse([r for r in timed if "--cpu-clock" in r], timed)
            self.assertEqual(len(per_call), 3)
            self.assertTrue(all(" -run " in " %s " % r and "--calls" in r for r in per_call), per_call)

    def test_an_invalid_path_is_counted(self):
        with TempDir() as d:
            # The scenario says no path exists where one does: every answer is invalid.
            make_bench(d, "version 1\n0\tmaps/t/a.map\t6\t4\t0\t0\t5\t0\t0\n")
            p = run("--bench-dir", d, "--entry", "astar", "--maps", "t/a", "--rounds", "1",
                    "--bin", "a=" + GPPC, "--bin", "b=" + GPPC)
            self.assertEqual(p.returncode, 1, p.stderr)
            self.assertRegex(row(p.stdout, "b"), r"^\| t/a \| b \| - \| - \| 1 \| 1 \|")
            self.assertIn("paired: 2 invalid paths", p.stderr)

    def test_modes_time_a_dynamic_scenario_run_and_full(self):
        # A stand-in build whose -run readings are 1, 2 and 100 s over the
        # rounds: its -run figure is the median 2; -full is the driver's own.
        with TempDir() as d:
            fake = write(d, "fake.sh", '#!/bin/sh\nout=$(%s "$@"); rc=$?\ncase " $* " in *" -run "*)\n'
                         '  n=$(($(cat "$0.n" 2>/dev/null || echo 0) + 1)); echo $n > "$0.n"\n'
                         '  echo "$out" | sed "s/ total_s=[0-9.]*/ total_s=$(( n == 3 ? 100 : n ))/";;\n'
                         '*) echo "$out";;\nesac\nexit $rc\n' % GPPC)
            os.chmod(fake, 0o755)
            scen = os.path.join(ROOT, "tests", "data", "tiny_dynamic.scen")
            p = run("--maps", scen, "--modes", "run,full", "--rounds", "3", "--bin", "base=" + GPPC,
                    "--bin", "now=" + fake)
            self.assertEqual(p.returncode, 0, p.stderr)
            self.assertIn("| map | mode | base total_s | now total_s | now / base | base total_cpu_s | "
                          "now total_cpu_s | now / base |", p.stdout)
            cells = {line.split(" | ")[1]: line.split(" | ") for line in p.stdout.splitlines()
                     if line.startswith("| tiny_dynamic |")}
            self.assertEqual(sorted(cells), ["-full", "-run"])
            self.assertEqual(cells["-run"][3], "2.0000")
            self.assertNotEqual(cells["-full"][3], "2.0000")
            self.assertIn("Paths of tiny_dynamic against base's: now same.", p.stdout)
            with open(fake + ".n") as f:
                self.assertEqual(f.read().strip(), "3")  # one -run a round, after one -pre
        p = run("--bin", "a=" + GPPC, "--bin", "b=" + GPPC, "--maps", "x.scen", "--modes", "run,pre")
        self.assertEqual(p.returncode, 2)
        self.assertIn("--modes run,pre: run and/or full", p.stderr)

    def test_bad_usage(self):
        p = run("--bin", "a=" + GPPC, "--maps", "t/a")
        self.assertEqual(p.returncode, 2)
        self.assertIn("give two or more --bin", p.stderr)
        p = run("--bin", "a=" + GPPC, "--bin", "b=/nonexistent/gppc", "--maps", "t/a")
        self.assertEqual(p.returncode, 2)
        self.assertIn("not an executable driver", p.stderr)
        with TempDir() as d:
            make_bench(d)
            p = run("--bench-dir", d, "--bin", "a=" + GPPC, "--bin", "b=" + GPPC, "--maps", "t/none")
            self.assertEqual(p.returncode, 2)
            self.assertTrue(re.search(r"t/none: no file .*none\.map", p.stderr), p.stderr)


if __name__ == "__main__":
    unittest.main()
