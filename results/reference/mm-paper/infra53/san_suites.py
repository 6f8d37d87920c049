"""san_suites.py BIN_A BIN_B [ROUNDS]: every suite of two sanitized test_c
builds, interleaved suite by suite (the order swapped each round), each
suite's CPU (user+sys of the child) summed per build."""
import os, resource, subprocess, sys
a, b = sys.argv[1], sys.argv[2]
rounds = int(sys.argv[3]) if len(sys.argv) > 3 else 1
env = dict(os.environ, ASAN_OPTIONS="detect_leaks=1:abort_on_error=0", UBSAN_OPTIONS="print_stacktrace=1:halt_on_error=1",
           GPPC_BENCH_DIR="/work/shared/benchmarks")
suites = sorted({l.split()[0] for l in subprocess.run([a, "--list"], capture_output=True, text=True).stdout.splitlines()})
tot = {a: 0.0, b: 0.0}
for r in range(rounds):
    for i, s in enumerate(suites):
        for binary in ((a, b) if (i + r) % 2 == 0 else (b, a)):
            before = resource.getrusage(resource.RUSAGE_CHILDREN)
            p = subprocess.run([binary, "--suite", s], cwd="/work/wt/infra53", env=env, capture_output=True, text=True)
            after = resource.getrusage(resource.RUSAGE_CHILDREN)
            if p.returncode:
                sys.exit("%s --suite %s failed:\n%s" % (binary, s, p.stdout[-2000:]))
            tot[binary] += (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
for k, v in tot.items():
    print("%s %.1f s CPU over %d suites x %d rounds" % (k, v, len(suites), rounds))
