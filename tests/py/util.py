"""Helpers for the script tests: paths, running build/gppc, temp files."""
import os
import subprocess
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
GPPC = os.path.join(ROOT, "build", "gppc")


def bench_candidates(root=ROOT, env=None):
    """Where the benchmark folder is looked for, in order: $GPPC_BENCH_DIR
    alone when set; else shared/benchmarks beside the checkout (CI: a clean
    clone with ../shared beside it) and, in a git worktree, beside its main
    checkout (the folder .git/worktrees/NAME's commondir names)."""
    env = os.environ if env is None else env
    if env.get("GPPC_BENCH_DIR"):
        return [env["GPPC_BENCH_DIR"]]
    out = [os.path.normpath(os.path.join(root, "..", "shared", "benchmarks"))]
    try:
        with open(os.path.join(root, ".git")) as f:
            gitdir = f.read().split("gitdir:", 1)[1].strip()
        gitdir = os.path.join(root, gitdir)
        with open(os.path.join(gitdir, "commondir")) as f:
            common = os.path.normpath(os.path.join(gitdir, f.read().strip()))
        out.append(os.path.normpath(os.path.join(common, "..", "..", "shared", "benchmarks")))
    except (OSError, IndexError):
        pass  # not a worktree (.git a folder, or no .git): beside the checkout only
    return out


def find_bench_dir(root=ROOT, env=None):
    """(the benchmark folder or None, the skip reason naming what was looked for)."""
    looked = bench_candidates(root, env)
    for d in looked:
        if os.path.isdir(os.path.join(d, "maps")):
            return d, ""
    how = "$GPPC_BENCH_DIR" if (os.environ if env is None else env).get("GPPC_BENCH_DIR") else "looked for"
    return None, "benchmark folder absent (%s %s)" % (how, ", ".join(looked))


BENCH_DIR, BENCH_ABSENT = find_bench_dir()


def run_gppc(*args, cwd=None):
    """Runs the driver; returns (exit code, stdout, stderr)."""
    p = subprocess.run([GPPC] + list(args), cwd=cwd or ROOT, capture_output=True, text=True)
    return p.returncode, p.stdout, p.stderr


def write(dirname, name, text):
    path = os.path.join(dirname, name)
    with open(path, "w") as f:
        f.write(text)
    return path


class TempDir:
    def __enter__(self):
        self.td = tempfile.TemporaryDirectory(prefix="gppc-py-")
        return self.td.name

    def __exit__(self, *exc):
        self.td.cleanup()
