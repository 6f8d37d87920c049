"""Helpers for the script tests: paths, running build/gppc, temp files."""
import os
import subprocess
import tempfile

from scripts.bench_dir import bench_candidates, find_bench_dir  # noqa: F401 (tests take them from here)

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
GPPC = os.path.join(ROOT, "build", "gppc")
BENCH_DIR, BENCH_ABSENT = find_bench_dir()


def run_gppc(*args, cwd=None, env=None):
    """Runs the driver (with `env` added to the environment); returns (exit code, stdout, stderr)."""
    p = subprocess.run([GPPC] + list(args), cwd=cwd or ROOT, capture_output=True, text=True,
                       env=dict(os.environ, **env) if env else None)
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
