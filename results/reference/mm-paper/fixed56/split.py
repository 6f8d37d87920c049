import sys, subprocess, re, statistics as st, collections
# split.py TSV CLASS...: self Ir by function, mean per call over the calls of a class
# CLASS: refx,out,first (e.g. 1,0,1 = one expansion, nothing out, a query's first call)
f = sys.argv[1]
rows = [l.rstrip("\n").split("\t") for l in open(f)]
h = rows[0]; rows = rows[1:]; ix = {k: i for i, k in enumerate(h)}
for c in sys.argv[2:]:
    refx, out, first = map(int, c.split(","))
    sel = [r for r in rows if int(r[ix["refine_expanded"]]) == refx and int(r[ix["abs_expanded"]]) == 0
           and (int(r[ix["cells"]]) > 0) == bool(out) and (r[ix["call"]] == "0") == bool(first)]
    tot = collections.Counter()
    for r in sel:
        o = subprocess.run(["callgrind_annotate", "--inclusive=no", "--threshold=100", r[ix["dump"]]], capture_output=True, text=True).stdout
        for line in o.splitlines():
            m = re.match(r"\s*([\d,]+)\s+\(\s*[\d.]+%\)\s+(\S+):(\S+)", line)
            if m: tot[m.group(3).split("'")[0]] += int(m.group(1).replace(",", ""))
    n = len(sel)
    if not n: continue
    irs = [int(r[ix["ir"]]) for r in sel]
    print("%s class refx=%d out=%d first=%d: %d calls, mean Ir %.0f" % (f, refx, out, first, n, sum(irs) / n))
    for fn, v in tot.most_common(18):
        print("   %7.0f  %s" % (v / n, fn))
