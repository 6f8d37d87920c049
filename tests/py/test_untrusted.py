"""Nothing lost, nothing trusted blindly (issue 34): outputs never overwrite
inputs and replace old results only at the end; inputs that are not regular
files are refused at once; a rejected preprocessing file is said in SUMMARY
(or is an error under --strict-pre); a scenario whose optima are too long is
caught; map cells outside the Moving AI set are errors. Tiny maps: each run
costs milliseconds."""
import os
import struct
import subprocess
import unittest

from tests.py.util import GPPC, ROOT, TempDir, run_gppc, write

MAP = "type octile\nheight 3\nwidth 5\nmap\n.....\n.@@@.\n.....\n"
SCEN = ("version 1\n"
        "0\tm.map\t5\t3\t0\t0\t4\t0\t4\n"
        "1\tm.map\t5\t3\t0\t0\t4\t2\t6\n")


def summary(stdout):
    lines = [l for l in stdout.splitlines() if l.startswith("SUMMARY ")]
    assert len(lines) == 1, stdout
    return dict(kv.split("=", 1) for kv in lines[0].split()[1:])


def read(path):
    with open(path, "rb") as f:
        return f.read()


class Outputs(unittest.TestCase):
    def test_csv_naming_an_input_is_refused_before_anything_runs(self):
        with TempDir() as d:
            m, s = write(d, "m.map", MAP), write(d, "m.map.scen", SCEN)
            os.symlink(m, d + "/link.csv")
            for target in (m, s, d + "/link.csv"):
                code, out, err = run_gppc("--entry", "jps", "--csv", target, "-full", m, s)
                self.assertEqual(code, 2, err)
                self.assertIn("also an input", err)
                self.assertNotIn("SUMMARY", out)
            self.assertEqual(read(m).decode(), MAP)
            self.assertEqual(read(s).decode(), SCEN)

    def test_old_csv_kept_when_the_run_fails(self):
        with TempDir() as d:
            m, s = write(d, "m.map", MAP), write(d, "m.map.scen", SCEN)
            old = write(d, "r.csv", "earlier results\n")
            # Preprocessing fails after the CSV was begun: a folder where its file goes.
            os.makedirs(d + "/pre/jps+-m.pre")
            code, _, err = run_gppc("--entry", "jps+", "--pre-dir", d + "/pre", "--csv", old, "-full", m, s)
            self.assertEqual(code, 2, err)
            self.assertEqual(read(old), b"earlier results\n")
            os.rmdir(d + "/pre/jps+-m.pre")
            os.rmdir(d + "/pre")
            code, _, err = run_gppc("--entry", "jps", "--csv", old, "-full", m, s)
            self.assertEqual(code, 0, err)
            self.assertEqual(len(read(old).splitlines()), 3)
            self.assertEqual(sorted(os.listdir(d)), ["m.map", "m.map.scen", "r.csv"])  # no temporary left


class Inputs(unittest.TestCase):
    def test_fifo_map_is_refused_at_once(self):
        with TempDir() as d:
            s = write(d, "m.map.scen", SCEN)
            fifo = d + "/fifo.map"
            os.mkfifo(fifo)
            for mode in ("-full", "-run"):
                p = subprocess.run([GPPC, "--entry", "jps", "--pre-dir", d, mode, fifo, s], cwd=ROOT,
                                   capture_output=True, text=True, timeout=20)
                self.assertEqual(p.returncode, 2, p.stderr)
                self.assertIn("fifo.map: not a regular file", p.stderr)

    def test_cells_outside_the_moving_ai_set(self):
        with TempDir() as d:
            s = write(d, "m.map.scen", SCEN)
            for bad, shown in (("X", "'X'"), (" ", "' '"), ("\x00", "'\\x00'"), ("\x1b", "'\\x1b'")):
                m = write(d, "m.map", MAP.replace(".@@@.", ".@" + bad + "@."))
                code, out, err = run_gppc("--entry", "jps", "-full", m, s)
                self.assertEqual(code, 2, err)
                self.assertIn("m.map:6:3: %s is not a map cell" % shown, err)
                self.assertNotIn("\x1b", err)
            m = write(d, "m.map", MAP.replace(".@@@.", ".OTW@").replace("\n.....\n.O", "\n.G.S.\n.O"))
            code, _, err = run_gppc("--entry", "jps", "-full", m, s)
            self.assertEqual(code, 0, err)

    def test_doubled_optima_fail_check(self):
        with TempDir() as d:
            m = write(d, "m.map", MAP)
            s = write(d, "m.map.scen", SCEN.replace("\t4\t0\t4\n", "\t4\t0\t8\n").replace("\t2\t6\n", "\t2\t12\n"))
            code, out, err = run_gppc("--entry", "jps", "-check", m, s)
            self.assertEqual(code, 1, err)
            self.assertEqual(summary(out)["below_optimum"], "2")
            self.assertIn("m.map.scen:2: valid path of length 4.000000 is shorter than the scenario's optimum 8", err)
            code, out, err = run_gppc("--entry", "jps", "-full", m, s)  # reported, not failed, outside -check
            self.assertEqual((code, summary(out)["below_optimum"]), (0, "2"), err)

    def test_absurd_optimum_and_empty_scenario_warn(self):
        with TempDir() as d:
            m = write(d, "m.map", MAP)
            s = write(d, "m.map.scen", SCEN.replace("\t2\t6\n", "\t2\t1e300\n"))
            _, _, err = run_gppc("--entry", "jps", "-full", m, s)
            self.assertIn("m.map.scen:3: optimum 1e+300 is longer than any path on a 5x3 map", err)
            e = write(d, "e.scen", "version 1\n")
            code, out, err = run_gppc("--entry", "jps", "-full", m, e)
            self.assertIn("e.scen holds no queries", err)

    def test_a_nul_byte_in_a_text_line_is_an_error(self):
        # Found by the bad-input campaign (results/reference/robustness): the
        # fields were split at the NUL, so the rest of the line went unread.
        with TempDir() as d:
            m = write(d, "m.map", MAP)
            s = write(d, "m.map.scen", SCEN.replace("\t4\t0\t4\n", "\t4\t0\t4\x0099\n"))
            code, _, err = run_gppc("--entry", "jps", "-check", m, s)
            self.assertEqual(code, 2, err)
            self.assertIn("m.map.scen:2: a NUL byte in the line", err)
            s = write(d, "m.map.scen", SCEN)
            c = write(d, "c.txt", "0 1 1 0\x00 junk\n")
            code, _, err = run_gppc("--entry", "jps", "--changes", c, "-full", m, s)
            self.assertEqual(code, 2, err)
            self.assertIn("c.txt:1: a NUL byte in the line", err)
            with open(os.path.join(ROOT, "tests", "data", "tiny_dynamic.scen")) as f:
                v2 = f.read().replace("tiny_dynamic.patch", os.path.join(ROOT, "tests", "data", "tiny_dynamic.patch"))
            bad = write(d, "v2.scen", v2.replace(" 17.492855684536\n", " 17.49\x00 junk\n", 1))
            code, _, err = run_gppc("--entry", "jps", "--pre-dir", d, "-check", bad)
            self.assertEqual(code, 2, err)
            self.assertIn("v2.scen:8: a NUL byte in the line", err)
            # and a patch file that cannot be read names the scenario line naming it
            code, _, err = run_gppc("--entry", "jps", "--pre-dir", d, "-check",
                                    write(d, "v2.scen", v2.replace("tiny_dynamic.patch", "nope.patch")))
            self.assertEqual(code, 2, err)
            self.assertRegex(err, r"nope\.patch: cannot open: .*\(the patch file named at \S*v2\.scen:5\)")
            write(d, "empty.patch", "")
            code, _, err = run_gppc("--entry", "jps", "--pre-dir", d, "-check",
                                    write(d, "v2.scen", v2.replace(os.path.join(ROOT, "tests", "data",
                                                                               "tiny_dynamic.patch"), "empty.patch")))
            self.assertEqual(code, 2, err)
            self.assertIn("empty.patch: empty, expected 'type patch' (the patch file named at", err)

    def test_a_cell_changed_twice_in_one_batch(self):
        # Found by the campaign: mm's leg planner counted a cell named three
        # times in one batch three times, its count of passable cells wrapped
        # below 0 and the next update failed ("out of memory for the open list").
        with TempDir() as d:
            m = write(d, "m.map", "type octile\nheight 1\nwidth 1\nmap\n.\n")
            s = write(d, "m.map.scen", "version 1\n" + "0\tm.map\t1\t1\t0\t0\t0\t0\t0\n" * 6)
            c = write(d, "c.txt", "0 0 0 0\n2 0 0 1\n3 0 0 0\n3 0 0 0\n3 0 0 0\n4 0 0 0\n")
            code, out, err = run_gppc("--entry", "mm:refine=corridor", "--pre-dir", d, "--changes", c, "-full", m, s)
            self.assertEqual(code, 0, err)
            self.assertRegex(out, r" queries=\d+ valid=\d+ invalid=0 ")

    def test_an_option_number_with_a_leading_blank_is_refused(self):
        code, _, err = run_gppc("--repeat", " 3", "-full", "x.map", "x.scen")
        self.assertEqual(code, 2, err)
        self.assertIn("--repeat  3: expected an integer", err)


class RejectedPreprocessing(unittest.TestCase):
    def run_pre(self, d, m, s, *extra, entry="mm"):
        return run_gppc("--entry", entry, "--pre-dir", d, *extra, m, s)

    def test_missing_file_is_said_and_strict_makes_it_an_error(self):
        with TempDir() as d:
            m, s = write(d, "m.map", MAP), write(d, "m.map.scen", SCEN)
            code, out, err = self.run_pre(d, m, s, "-run")
            self.assertEqual(code, 0, err)
            sm = summary(out)
            self.assertEqual(sm["pre_rejected"], "cannot_open_No_such_file_or_directory")
            self.assertGreater(float(sm["rebuild_s"]), 0)
            code, out, err = self.run_pre(d, m, s, "--strict-pre", "-run")
            self.assertEqual(code, 2, err)
            self.assertIn("--strict-pre", err)
            code, out, err = self.run_pre(d, m, s, "--strict-pre", "-full")  # a good file: no word of it
            self.assertEqual(code, 0, err)
            self.assertNotIn("pre_rejected", out)

    def test_other_options_and_name_padding_are_rejected(self):
        with TempDir() as d:
            m, s = write(d, "m.map", MAP), write(d, "m.map.scen", SCEN)
            code, _, err = self.run_pre(d, m, s, "-pre", entry="mm:sector=16")
            self.assertEqual(code, 0, err)
            pre = d + "/mm-m.pre"
            os.rename(d + "/mm_sector=16-m.pre", pre)
            code, out, err = self.run_pre(d, m, s, "--strict-pre", "-run")
            self.assertEqual(code, 2, err)
            self.assertIn("built with options 'sector=16', this run asks for ''", err)
            code, _, err = self.run_pre(d, m, s, "-pre")
            data = bytearray(read(pre))
            data[12 + 6] = ord("x")  # after "mm\0" in the 16-byte entry name
            with open(pre, "wb") as f:
                f.write(data)
            code, out, err = self.run_pre(d, m, s, "-run")
            self.assertEqual(code, 0, err)
            self.assertIn("bytes after the name", err)
            self.assertIn("pre_rejected=written_by_entry_mm_expected_mm_bytes_after_the_name", out)

    def test_forged_hierarchy_missing_a_move_is_rejected(self):
        # A ch file (graph=grid) whose checksum is right and whose every edge
        # is a legal upward move, but one move was turned to another
        # neighbour: the move it stood for is missing, and a query needing it
        # would return a longer path. The loader must notice.
        grid = "type octile\nheight 4\nwidth 5\nmap\n.....\n.....\n..@..\n.....\n"
        with TempDir() as d:
            m, s = write(d, "m.map", grid), write(d, "m.map.scen", "version 1\n0\tm.map\t5\t4\t0\t0\t4\t3\t5.24264069\n")
            code, _, err = self.run_pre(d, m, s, "-pre", entry="ch:graph=grid")
            self.assertEqual(code, 0, err)
            pre = d + "/ch_graph=grid-m.pre"
            data = bytearray(read(pre))
            olen = struct.unpack_from("<H", data, 44)[0]
            head = 46 + olen
            graph, n, m_edges, shortcuts = struct.unpack_from("<4I", data, head)
            self.assertEqual(graph, 1)
            cell = struct.unpack_from("<%dI" % n, data, head + 16)
            rank = struct.unpack_from("<%dI" % n, data, head + 16 + 4 * n)
            first = struct.unpack_from("<%dI" % (n + 1), data, head + 16 + 8 * n)
            edges = head + 16 + 8 * n + 4 * (n + 1)
            stride, rows = 7, grid.split("\n")[4:8]

            def free(c):
                x, y = c % stride - 1, c // stride - 1
                return 0 <= x < 5 and 0 <= y < 4 and rows[y][x] == "."

            def legal(a, b):  # one move, no corner cut
                dx, dy = b % stride - a % stride, b // stride - a // stride
                return (max(abs(dx), abs(dy)) == 1 and free(b)
                        and (dx == 0 or dy == 0 or (free(a + dx) and free(a + dy * stride))))

            sc = struct.unpack_from("<%dI" % (3 * shortcuts), data, edges + 16 * m_edges)
            halves = set(sc[1::3]) | set(sc[2::3])  # a shortcut's halves are checked by its sum
            forged = False
            for v in range(n):
                for e in range(first[v], first[v + 1]):
                    target, aux = struct.unpack_from("<2I", data, edges + 16 * e)
                    if aux != 0xFFFFFFFF or forged or e in halves:
                        continue
                    diag = cell[target] % stride != cell[v] % stride and cell[target] // stride != cell[v] // stride
                    for w in range(n):
                        wd = cell[w] % stride != cell[v] % stride and cell[w] // stride != cell[v] // stride
                        if w != target and rank[w] > rank[v] and legal(cell[v], cell[w]) and wd == diag:
                            struct.pack_into("<I", data, edges + 16 * e, w)
                            forged = True
                            break
            self.assertTrue(forged, "no edge could be turned to another neighbour")
            h = 0xcbf29ce484222325
            for c in data[head:-8]:
                h = ((h ^ c) * 0x100000001B3) & (2 ** 64 - 1)
            struct.pack_into("<Q", data, len(data) - 8, h)
            with open(pre, "wb") as f:
                f.write(data)
            code, out, err = self.run_pre(d, m, s, "--strict-pre", "-run", entry="ch:graph=grid")
            self.assertEqual(code, 2, err)
            self.assertIn("is missing", err)

    def test_fifo_pre_file_is_rejected_not_waited_on(self):
        with TempDir() as d:
            m, s = write(d, "m.map", MAP), write(d, "m.map.scen", SCEN)
            os.mkfifo(d + "/jps+-m.pre")
            p = subprocess.run([GPPC, "--entry", "jps+", "--pre-dir", d, "-run", m, s], cwd=ROOT,
                               capture_output=True, text=True, timeout=20)
            self.assertEqual(p.returncode, 0, p.stderr)
            self.assertIn("pre_rejected=not_a_regular_file", p.stdout)


class SmallThings(unittest.TestCase):
    def test_usage_errors(self):
        with TempDir() as d:
            m, s = write(d, "m.map", MAP), write(d, "m.map.scen", SCEN)
            for args, said in ((["--entry", "jps", "--entry", "astar"], "--entry given twice"),
                               (["--csv-extra"], "--csv-extra only applies with --csv"),
                               (["--entry", "astar:w=0x2"], "w=0x2 is not a number"),
                               (["--entry", "mm:"], "entry mm: no options after ':'")):
                code, _, err = run_gppc(*args, "-full", m, s)
                self.assertEqual(code, 2, err)
                self.assertIn(said, err)
            h = write(d, "h.map", MAP.replace("width 5", "height 3\nwidth 5"))
            code, _, err = run_gppc("-full", h, s)
            self.assertEqual(code, 2, err)
            self.assertIn("h.map:3: a second 'height' line", err)
            # The start kits' fscanf reads type, height, width, map in this order, and
            # misreads any other header as a 0x0 map: refused here, naming the line.
            for name, text, said in (("t.map", MAP.replace("type octile\n", ""),
                                      "t.map:1: header has no 'type octile' line before 'height'"),
                                     ("o.map", MAP.replace("height 3\nwidth 5", "width 5\nheight 3"),
                                      "o.map:2: header has no 'height H' line before 'width'")):
                code, _, err = run_gppc("-full", write(d, name, text), s)
                self.assertEqual(code, 2, err)
                self.assertIn(said, err)
            code, out, err = run_gppc("--entry", "mm:help")
            self.assertEqual(code, 0, err)
            self.assertTrue(out.startswith("  mm ") and "sector=" in out and "astar" not in out, out)

    def test_updates_said_once(self):
        with TempDir() as d:
            m, s = write(d, "m.map", MAP), write(d, "m.map.scen", SCEN)
            c = write(d, "c.txt", "0 2 1 1\n")
            code, out, err = run_gppc("--entry", "mm", "--pre-dir", d, "--changes", c, "-full", m, s)
            self.assertEqual(code, 0, err)
            line = [l for l in out.splitlines() if l.startswith("SUMMARY ")][0]
            self.assertEqual(line.split().count("updates=1"), 1, line)


if __name__ == "__main__":
    unittest.main()
