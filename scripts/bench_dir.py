"""Where the benchmark folder (maps/<family>/, scenarios/<family>/) is: the
one rule the timing scripts' --bench-dir default and the tests
(tests/py/util.py, make test's GPPC_BENCH_DIR) share.

In order: $GPPC_BENCH_DIR alone when set; else shared/benchmarks beside the
checkout (CI: a clean clone with ../shared beside it) and, in a git
worktree, beside its main checkout (the folder .git/worktrees/NAME's
commondir names). Stdlib only."""
import os

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))

HELP = ("folder holding maps/<family>/ and scenarios/<family>/ (default: $GPPC_BENCH_DIR, else shared/benchmarks "
        "beside this checkout or, in a git worktree, beside its main checkout; here %s)")


def bench_candidates(root=ROOT, env=None):
    """The folders looked at, in order (see the module's comment)."""
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
    """(the benchmark folder or None, the reason naming what was looked for)."""
    looked = bench_candidates(root, env)
    for d in looked:
        if os.path.isdir(os.path.join(d, "maps")):
            return d, ""
    how = "$GPPC_BENCH_DIR" if (os.environ if env is None else env).get("GPPC_BENCH_DIR") else "looked for"
    return None, "benchmark folder absent (%s %s)" % (how, ", ".join(looked))


def default_bench_dir():
    """The folder found, else the first one looked at (whose absence the
    script then reports by name)."""
    found, _ = find_bench_dir()
    return found or bench_candidates()[0]


def add_bench_dir(ap):
    """--bench-dir, as every timing script here takes it."""
    d = default_bench_dir()
    ap.add_argument("--bench-dir", default=d, help=(HELP % d).replace("%", "%%"))
