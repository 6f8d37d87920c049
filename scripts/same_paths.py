#!/usr/bin/env python3
"""Whether two builds (or two entry specs) return the same paths, cell for cell.

A change that should not move a path (a faster loop, a smaller store, a new
counter) is checked here: each side replays every query of each map through
`gppc --paths FILE -full MAP SCEN` (its own preprocessing folder, since two
builds may write different files) and the two FILEs are compared line by line.
A line is one query: its id, length, optimum and every cell.

    python3 scripts/same_paths.py --before OLD/build/gppc --after build/gppc \\
        --entry mm --maps dao/den520d,rooms/16room_000
    python3 scripts/same_paths.py --entry mm --after-entry 'mm:work=1'

Maps (--maps): `embedded`, the checkout's maps/ + scenarios/ (the default),
and FAMILY/NAME of the benchmark folder (--bench-dir; its default: --help). Prints one line per map: `same` with the queries compared,
or `DIFFER` with how many queries differ, the first of them and each side's
subopt mean, subopt max and invalid paths from its SUMMARY (a change that may
move paths among equal costs is judged by these). Exit 1 when any map differs
or a run fails, 2 on bad usage. Stdlib only.
"""
import argparse
import os
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from bench_dir import add_bench_dir  # noqa: E402
from compare import maps_of  # noqa: E402


def embedded():
    """The checkout's maps/ + scenarios/, as FAMILY/NAME, map, scenario."""
    return [(fam + "/" + name, mp, sc) for fam in sorted(os.listdir(os.path.join(ROOT, "maps")))
            for name, mp, sc in maps_of(ROOT, fam, None)]


def replay(binary, spec, mp, sc, work, tag):
    paths = os.path.join(work, tag + ".paths")
    # sc None: mp is a version-2 scenario, which names its own map
    cmd = [binary, "--entry", spec, "--pre-dir", os.path.join(work, "pre-" + tag), "--paths", paths, "-full", mp] + (
        [sc] if sc else [])
    p = subprocess.run(cmd, capture_output=True, text=True)
    if p.returncode == 2 or not os.path.isfile(paths):
        return None, None, "%s: exit %d: %s" % (" ".join(cmd), p.returncode, p.stderr.strip()[-300:])
    summary = next((line.split()[1:] for line in p.stdout.splitlines() if line.startswith("SUMMARY ")), [])
    with open(paths) as f:
        return f.read().splitlines(), dict(kv.split("=", 1) for kv in summary if "=" in kv), None


def how(one, two, i):
    """What differs in the i-th lines of two --paths files."""
    if i >= len(one) or i >= len(two):
        return "one side has %d queries, the other %d" % (len(one), len(two))
    a, b = one[i].split("\t"), two[i].split("\t")
    if a[:3] != b[:3]:
        return "length %s against %s (optimum %s)" % (a[1], b[1], a[2])
    ca, cb = (a[3].split() if len(a) > 3 else []), (b[3].split() if len(b) > 3 else [])
    k = next((j for j, (x, y) in enumerate(zip(ca, cb)) if x != y), min(len(ca), len(cb)))
    return "the same length %s, cells differ from cell %d (%s against %s)" % (
        a[1], k, ca[k] if k < len(ca) else "end", cb[k] if k < len(cb) else "end")


def main(argv):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0], epilog=__doc__.split("\n", 2)[2],
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    gppc = os.path.join(ROOT, "build", "gppc")
    ap.add_argument("--before", default=gppc, help="the driver binary of the first side (default build/gppc)")
    ap.add_argument("--after", default=gppc, help="the driver binary of the second side (default build/gppc)")
    ap.add_argument("--entry", default="mm", help="entry spec of both sides (default mm)")
    ap.add_argument("--after-entry", help="the second side's entry spec, when it differs")
    ap.add_argument("--maps", help="FAMILY/NAME of the benchmark folder, or `embedded` for the checkout's maps/, "
                                   "comma-separated (default: embedded)")
    add_bench_dir(ap)
    a = ap.parse_args(argv)
    for b in (a.before, a.after):
        if not os.access(b, os.X_OK):
            print("same_paths: %s: not an executable driver (make first?)" % b, file=sys.stderr)
            return 2
    maps = []
    for fm in (a.maps or "embedded").split(","):
        if fm == "embedded":
            maps += embedded()
        else:
            mp = os.path.join(a.bench_dir, "maps", fm + ".map")
            sc = os.path.join(a.bench_dir, "scenarios", fm + ".map.scen")
            if not (os.path.isfile(mp) and os.path.isfile(sc)):
                print("same_paths: %s: no %s or no %s" % (fm, mp, sc), file=sys.stderr)
                return 2
            maps.append((fm, mp, sc))
    differ = 0
    with tempfile.TemporaryDirectory(prefix="same_paths.") as work:
        for name, mp, sc in maps:
            one, sum1, err1 = replay(a.before, a.entry, mp, sc, work, "before")
            two, sum2, err2 = replay(a.after, a.after_entry or a.entry, mp, sc, work, "after")
            if err1 or err2:
                print("%s FAILED %s" % (name, err1 or err2), flush=True)
                differ += 1
                continue
            diff = [i for i, (x, y) in enumerate(zip(one, two)) if x != y] + list(
                range(min(len(one), len(two)), max(len(one), len(two))))
            if not diff:
                print("%s same (%d queries)" % (name, len(one)), flush=True)
            else:
                differ += 1
                side = lambda k: "%s %s -> %s" % (k, sum1.get(k, "?"), sum2.get(k, "?"))  # noqa: E731
                print("%s DIFFER in %d of %d queries, first at replayed query %d: %s; %s" % (
                    name, len(diff), max(len(one), len(two)), diff[0], how(one, two, diff[0]),
                    ", ".join(side(k) for k in ("subopt_mean", "subopt_max", "invalid"))), flush=True)
    print("same_paths: %d of %d maps differ" % (differ, len(maps)))
    return 1 if differ else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
