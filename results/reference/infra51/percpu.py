import os, subprocess, sys, time, collections, json
root = os.getcwd()
binary = sys.argv[1]; mode = sys.argv[2]
env = dict(os.environ, ASAN_OPTIONS="detect_leaks=1:abort_on_error=0", UBSAN_OPTIONS="print_stacktrace=1:halt_on_error=1", GPPC_BENCH_DIR="/work/shared/benchmarks")
lines = subprocess.run([binary, "--list"], capture_output=True, text=True).stdout.split("\n")
suites = collections.OrderedDict()
for l in lines:
    if l.strip():
        s, t = l.split(None, 1); suites.setdefault(s, []).append(t)
def run(argv):
    p = subprocess.Popen(argv, env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
    out = p.stdout.read()
    _, st, ru = os.wait4(p.pid, 0)
    return ru.ru_utime + ru.ru_stime, out.decode().strip().split("\n")[-1]
res = {}
for s, ts in suites.items():
    if mode == "test":
        c = 0
        for t in ts:
            c += run([binary, "--suite", s, "--test", t])[0]
        res[s] = (c, len(ts))
    else:
        c, last = run([binary, "--suite", s])
        res[s] = (c, len(ts), last)
tot = sum(v[0] for v in res.values())
print(mode, binary, "total %.2f" % tot)
json.dump(res, open("./percpu-%s-%s.json" % (binary.replace("/", "_"), mode), "w"), indent=0)
