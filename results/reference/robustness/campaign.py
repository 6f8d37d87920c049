#!/usr/bin/env python3
"""Bad-input campaign against build/gppc (release and ASan+UBSan builds).

usage: campaign.py GPPC ASAN_GPPC OUTDIR [--only KIND,...] [--seed N]
Each case: files written to OUTDIR/cases/NAME/, the command run on both
binaries (timeout), classified:
  ok-reject    exit 2, one message naming the file (and line for text files)
  ok-accept    exit 0/1 as expected (same paths as the base where the input
               means the same; else every path valid / -check agrees)
  CRASH, HANG, SAN, UNCLEAR (rejected without naming the file), SILENT
  (accepted where it must be rejected, or paths differ where they must not),
  MULTI (more than one error line)."""
import json
import os
import shutil
import subprocess
import sys
from concurrent.futures import ThreadPoolExecutor

from campaign_cases import build

GPPC, ASAN, OUT = sys.argv[1], sys.argv[2], sys.argv[3]
ONLY = None
SEED = 37
args = sys.argv[4:]
while args:
    if args[0] == "--only":
        ONLY = set(args[1].split(","))
        args = args[2:]
    elif args[0] == "--seed":
        SEED = int(args[1])
        args = args[2:]
    else:
        sys.exit("unknown " + args[0])
cases = build(GPPC, OUT, ONLY, SEED)


# ---------------------------------------------------------------- running
def run_case(c, binary, d):
    argv = [a.replace("{d}", d) for a in c["argv"]]
    try:
        p = subprocess.run([binary] + argv, capture_output=True, timeout=120 if binary == ASAN else 30,
                           env=dict(os.environ, ASAN_OPTIONS="detect_leaks=1", UBSAN_OPTIONS="print_stacktrace=1"))
        return p.returncode, p.stdout.decode("utf-8", "replace"), p.stderr.decode("utf-8", "replace")
    except subprocess.TimeoutExpired:
        return "timeout", "", ""


def setup(c, d):
    shutil.rmtree(d, ignore_errors=True)
    os.makedirs(d + "/pre", exist_ok=True)
    for name, data in c["files"].items():
        p = os.path.join(d, name)
        os.makedirs(os.path.dirname(p), exist_ok=True)
        with open(p, "wb") as fp:
            fp.write(data)


def paths_of(c, binary, d):
    """The cells of every path (--paths), for 'same' and 'either' comparisons."""
    argv = [a.replace("{d}", d) for a in c["argv"]]
    argv = ["--paths", d + "/paths.txt"] + argv
    p = subprocess.run([binary] + argv, capture_output=True, timeout=60)
    if p.returncode not in (0, 1) or not os.path.exists(d + "/paths.txt"):
        return None
    with open(d + "/paths.txt") as fp:
        return fp.read()


def summary(out):
    for l in out.splitlines():
        if l.startswith("SUMMARY "):
            return dict(kv.split("=", 1) for kv in l.split()[1:] if "=" in kv)
    return {}


BASE_PATHS = {}


def classify(c, rc, out, err, d):
    tgt = c["target"]
    errl = [l for l in err.splitlines() if l.strip()]
    if rc == "timeout":
        return "HANG", ""
    if "Sanitizer" in err or "runtime error:" in err:
        return "SAN", next((l for l in errl if "Sanitizer" in l or "runtime error" in l), "")
    if not isinstance(rc, int) or rc < 0 or rc > 3:
        return "CRASH", "rc=%s" % rc
    msg = " | ".join(errl[-3:])
    if rc == 2:
        if c["expect"] in ("accept", "same"):
            return "WRONG-REJECT", msg
        key = os.path.basename(tgt) if c["kind"] != "opts" else None
        if key and not any(key in l for l in errl):
            return "UNCLEAR", msg
        if c["strict_line"] and key and not any((key + ":") in l for l in errl):
            return "NOLINE", msg
        return "ok-reject", msg
    if rc == 3:
        return "CRASH", "exit 3 " + msg
    # accepted
    s = summary(out)
    if c["expect"] == "reject":
        return "SILENT", "rc=%d %s" % (rc, msg)
    if rc == 1:
        # must be named: invalid path or over bound, naming the scenario line
        if c["kind"] == "scen" and any("the scenario says no path exists" in l for l in errl):
            return "ok-check", msg  # an optimum mutated to 0 claims no path: the entry's path is refused by name
        if any(("invalid path" in l) for l in errl):
            return "INVALID-PATH", msg
        if c["kind"] in ("scen", "map") and any(("above" in l or "shorter than" in l) for l in errl):
            return "ok-check", msg
        return "EXIT1", msg
    if s and s.get("invalid", "0") != "0":
        return "INVALID-PATH", msg
    if c["expect"] == "same" and c["base"]:
        p = paths_of(c, GPPC, d)
        if p != BASE_PATHS.get(c["base"]):
            return "SILENT", "paths differ from the base"
    if c["kind"] == "pre" and c["base"]:
        p = paths_of(c, GPPC, d)
        rej = s.get("pre_rejected")
        if p != BASE_PATHS.get(c["base"]):
            return ("ok-rebuilt-diff" if rej else "ACCEPTED-DIFF"), "pre_rejected=%s" % rej
        return ("ok-rebuilt" if rej else "ok-accept-same"), "pre_rejected=%s" % rej
    return "ok-accept", msg


def do(c):
    d = os.path.join(OUT, "cases", c["kind"], c["name"])
    res = {}
    for label, binary in (("rel", GPPC), ("asan", ASAN)):
        setup(c, d)
        rc, out, err = run_case(c, binary, d)
        if c["expect"] == "accept" and c["base"] and label == "rel":
            BASE_PATHS[c["base"]] = paths_of(c, GPPC, d)
        res[label] = classify(c, rc, out, err, d) + (rc,)
    return c, res


def main():
    os.makedirs(OUT, exist_ok=True)
    # bases first (serially), then the rest
    bases = [c for c in cases if c["expect"] == "accept" and c["base"]]
    rest = [c for c in cases if not (c["expect"] == "accept" and c["base"])]
    results = [do(c) for c in bases]
    with ThreadPoolExecutor(2) as ex:
        results += list(ex.map(do, rest))
    tally = {}
    with open(os.path.join(OUT, "results.jsonl"), "w") as fp:
        for c, res in results:
            fp.write(json.dumps(dict(kind=c["kind"], name=c["name"], argv=c["argv"], expect=c["expect"],
                                     rel=res["rel"], asan=res["asan"])) + "\n")
            for label in ("rel", "asan"):
                cls = res[label][0]
                tally.setdefault((c["kind"], cls), 0)
                tally[(c["kind"], cls)] += 1
                if not cls.startswith("ok"):
                    print("%-8s %-5s %-34s %-14s %s" % (c["kind"], label, c["name"], cls, res[label][1][:200]))
    print("cases %d, runs %d" % (len(results), 2 * len(results)))
    for (k, cls), n in sorted(tally.items()):
        print("  %-8s %-16s %d" % (k, cls, n))


main()
