"""Parsing what build/gppc writes: the SUMMARY line, GPPC lines and --csv rows.
Shared by run_suite.py, aggregate.py and plot.py (stdlib only)."""
import csv
import os
import subprocess
import tempfile

SUMMARY_PREFIX = "SUMMARY "


def parse_summary(text):
    """The SUMMARY line of a driver run as a dict (numbers as float, entry as str);
    None when absent."""
    for line in reversed(text.splitlines()):
        if line.startswith(SUMMARY_PREFIX):
            out = {}
            for kv in line[len(SUMMARY_PREFIX):].split():
                key, _, val = kv.partition("=")
                try:
                    out[key] = float(val)
                except ValueError:
                    out[key] = val
            return out
    return None


def pre_counters(cmd_base, map_path):
    """`-pre MAP` with cmd_base (binary, entry, pre-dir options), then the file
    loaded by `-run` over a scenario of no queries: the entry's counters (the
    driver's -pre prepares no instance, so prints none) with -pre's pre_s and
    storage. Returns (exit code, summary dict or None, stderr of the failing run)."""
    p = subprocess.run(cmd_base + ["-pre", map_path, "none"], capture_output=True, text=True)
    pre = parse_summary(p.stdout)
    if p.returncode != 0 or pre is None:
        return p.returncode, None, p.stderr
    with tempfile.TemporaryDirectory(prefix="gppc-pre-") as d:
        empty = os.path.join(d, "none.scen")
        with open(empty, "w") as f:
            f.write("version 1\n")
        r = subprocess.run(cmd_base + ["-run", map_path, empty], capture_output=True, text=True)
    got = parse_summary(r.stdout)
    if r.returncode != 0 or got is None:
        return r.returncode, None, r.stderr
    for k in ("pre_s", "storage_bytes", "mem_kb"):
        if k in pre:
            got[k] = pre[k]
    return 0, got, ""


def parse_gppc_line(line):
    """One classic GPPC line -> dict(scen, total_s, max_step_s, first20_s, length, subopt, valid)."""
    f = line.rstrip("\n").split("\t")
    if len(f) != 13 or f[0] != "GPPC":
        raise ValueError("not a GPPC line: %r" % line[:80])
    return {"scen": f[1], "total_s": float(f[3]), "max_step_s": float(f[5]),
            "first20_s": float(f[7]), "length": float(f[9]), "subopt": float(f[11]),
            "valid": f[12] == "valid"}


INT_COLUMNS = ("experiment_id", "path_size", "time_cost", "20steps_cost", "max_step_time",
               "bucket", "expanded", "valid", "rep", "calls", "optimal")
FLOAT_COLUMNS = ("path_length", "ref_length")


def read_csv(path):
    """Rows of a driver --csv file with numeric columns converted."""
    rows = []
    with open(path, newline="") as f:
        for row in csv.DictReader(f):
            for k in INT_COLUMNS:
                if k in row:
                    row[k] = int(row[k])
            for k in FLOAT_COLUMNS:
                if k in row:
                    row[k] = float(row[k])
            rows.append(row)
    return rows
