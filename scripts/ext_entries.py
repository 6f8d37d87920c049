"""External entries in the suite runners (run_suite.py, compare.py): the
spec `ext:DIR` (a classic-kit entry folder, or with --ext-root a folder
name), checked and built once before any job (scripts/ext_build.py), and a
failed job recorded as a result (stdlib only).

A failed job's .txt holds one line
    FAILED entry=NAME family=F map=M queries=Q reason=TEXT
(TEXT runs to the end of the line) and the driver's stderr as '# ' lines;
criteria.py counts its queries as not solved."""
import os
import re
import signal
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
BUILDER = os.path.join(ROOT, "scripts", "ext_build.py")
FAILED = re.compile(r"^FAILED entry=(\S+) family=(\S+) map=(\S+) queries=(\d+) reason=(.*)$", re.M)
# The driver's guard line (driver/guard.c): entry, map, query, reason.
GUARD = re.compile(r"^gppc: \S+ on \S+, .*$", re.M)


def is_ext(spec):
    return spec.startswith("ext:")


def name_of(spec):
    return os.path.basename(spec[4:].rstrip("/"))


def label(spec):
    """How tables name an entry: ext:DIR by its folder's name."""
    return name_of(spec) if is_ext(spec) else spec


def die(msg):
    sys.stderr.write("%s\n" % msg)
    sys.exit(2)


def all_entry_names(gppc):
    """Every entry name build/gppc lists, those out of the default suite too."""
    out = subprocess.run([gppc, "--help"], capture_output=True, text=True).stdout
    names, listing = set(), False
    for line in out.splitlines():
        if line.startswith("entries"):
            listing = True
        elif listing and line.startswith("  ") and not line.startswith("   "):
            names.add(line.split()[0].split(":")[0])
    return names


def prepare(specs, ext_root, gppc, who="run_suite"):
    """The specs with every ext:DIR made ext:ABSOLUTE_DIR, each folder checked
    (a folder, not one of our names, no two of one name) and built; exit 2
    with one message otherwise, before anything runs."""
    ours = all_entry_names(gppc)
    out, seen = [], {}
    for spec in specs:
        if not is_ext(spec):
            out.append(spec)
            continue
        folder = spec[4:].rstrip("/")
        if not os.path.isdir(folder) and ext_root and os.path.isdir(os.path.join(ext_root, folder)):
            folder = os.path.join(ext_root, folder)
        if not os.path.isdir(folder):
            die("%s: %s: no such entry folder%s" % (who, spec, "" if ext_root else " (or give --ext-root)"))
        folder = os.path.abspath(folder)
        name = os.path.basename(folder)
        if name in ours:
            die("%s: %s: the folder's name '%s' is the name of one of our entries; rename the folder"
                % (who, spec, name))
        if name in seen:
            die("%s: %s and %s: two external entries named '%s'" % (who, seen[name], folder, name))
        seen[name] = folder
        p = subprocess.run([sys.executable, BUILDER, folder], capture_output=True, text=True)
        if p.returncode != 0:
            sys.stderr.write(p.stderr)
            die("%s: %s: not built; nothing run" % (who, spec))
        out.append("ext:" + folder)
    return out


def run_job_process(cmd, time_limit):
    """The driver's run; an ext job gets a backstop timeout past its own
    --time-limit (a process that ignores SIGALRM is killed)."""
    timeout = time_limit + 120 if "--time-limit" in cmd else None
    try:
        return subprocess.run(cmd, capture_output=True, text=True, timeout=timeout)
    except subprocess.TimeoutExpired as e:
        return subprocess.CompletedProcess(cmd, -signal.SIGKILL, e.stdout or "", (e.stderr or "") +
                                           "\ngppc: killed by the runner %d s past --time-limit\n" % 120)


def reason_of(p):
    guard = GUARD.findall(p.stderr or "")
    if guard:
        return guard[-1][len("gppc: "):]
    if p.returncode < 0:
        try:
            return "died of signal %s" % signal.Signals(-p.returncode).name
        except ValueError:
            return "died of signal %d" % -p.returncode
    return "exit %d: %s" % (p.returncode, " / ".join((p.stderr or "").strip().splitlines()[-2:]))


def record_failure(job, p, txt, csv_path):
    """An external entry's job that did not end well: invalid paths (a whole
    run, exit 1) are kept as its result; anything else is a FAILED record.
    Either way one line on stderr and the suite goes on."""
    name = name_of(job["spec"])
    where = "%s on %s (%s)" % (name, job["name"], job["family"])
    if p.returncode == 1 and "SUMMARY " in p.stdout:
        os.replace(csv_path + ".part", csv_path)
        with open(txt + ".part", "w") as f:
            f.write(p.stdout)
        os.replace(txt + ".part", txt)
        first = [l for l in p.stderr.splitlines() if "invalid path" in l or "above" in l][:1]
        sys.stderr.write("run_suite: %s: invalid paths (a result; the suite goes on)%s\n"
                         % (where, ": " + first[0] if first else ""))
        return
    reason = reason_of(p)
    if os.path.exists(csv_path + ".part"):
        os.remove(csv_path + ".part")
    with open(txt + ".part", "w") as f:
        f.write("FAILED entry=%s family=%s map=%s queries=%d reason=%s\n"
                % (name, job["family"], job["name"], job["queries"], reason.replace("\n", " ")))
        f.write("".join("# %s\n" % l for l in (p.stderr or "").splitlines()[-20:]))
    os.replace(txt + ".part", txt)
    sys.stderr.write("run_suite: failed: %s\n" % (reason if reason.startswith(name) else where + ": " + reason))


def parse_failed(text):
    """The FAILED record of a job's .txt as a dict, or None."""
    m = FAILED.search(text)
    if not m:
        return None
    return {"entry": m.group(1), "family": m.group(2), "map": m.group(3), "queries": int(m.group(4)),
            "reason": m.group(5)}
