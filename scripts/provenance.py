"""Where a table or figure came from: the tree's commit, the driver binary's
own build, the CPU. One place for these so that every script names them the
same way.

The tree's name is `git describe --always --dirty --exclude '*'`, the very
string the Makefile bakes into `gppc --version`, so a binary built from a
clean checkout and the checkout itself read alike. A folder of runs keeps
the binary's name in its raw/RUN (run_suite.py), and figures drawn later
from that folder name the binary that made the numbers, not whatever tree
draws them.
"""
import os
import platform
import subprocess

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def cpu_model():
    """The CPU's model name (/proc/cpuinfo), else the machine type."""
    try:
        with open("/proc/cpuinfo") as f:
            for line in f:
                key, sep, value = line.partition(":")
                if sep and key.strip() in ("model name", "Model", "cpu model") and value.strip():
                    return " ".join(value.split())
    except OSError:
        pass
    return platform.machine() or "unknown CPU"


def tree_revision():
    """This checkout's short commit, '-dirty' with uncommitted changes;
    'unknown' outside git."""
    try:
        p = subprocess.run(["git", "-C", ROOT, "describe", "--always", "--dirty", "--exclude", "*"],
                           capture_output=True, text=True)
    except OSError:  # no git
        return "unknown"
    return p.stdout.strip() if p.returncode == 0 and p.stdout.strip() else "unknown"


def binary_revision(gppc):
    """The commit a driver binary says it was built from (`gppc --version`),
    'unknown' when it cannot say."""
    try:
        out = subprocess.run([gppc, "--version"], capture_output=True, text=True, timeout=30).stdout.split()
    except (OSError, subprocess.TimeoutExpired):
        out = []
    return out[1] if len(out) == 2 and out[0] == "gppc-mm" else "unknown"


def made_at(gppc):
    """What a table's header says it measured: the tree's commit and the
    driver binary's own, which differ where the binary was built elsewhere
    or before."""
    return "commit %s (driver built from %s)" % (tree_revision(), binary_revision(gppc))


def run_binary(raw):
    """The binary's build named in RAW/RUN (run_suite.py), or None."""
    try:
        with open(os.path.join(raw, "RUN")) as f:
            words = f.read().split()
    except OSError:
        return None
    found = [w.split("=", 1)[1] for w in words if w.startswith("built=")]
    return found[0] if found else None
