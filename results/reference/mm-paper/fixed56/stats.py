import sys, statistics as st
# stats.py TSV...: per-call Ir by (refine_expanded, cells>0) class
for f in sys.argv[1:]:
    rows = [l.rstrip("\n").split("\t") for l in open(f)]
    h = rows[0]; rows = rows[1:]
    ix = {k: i for i, k in enumerate(h)}
    ir = [int(r[ix["ir"]]) for r in rows]
    print(f, "calls", len(rows), "sum", sum(ir), "max", max(ir), "median", st.median(ir))
    cls = {}
    for r in rows:
        k = (int(r[ix["refine_expanded"]]), int(r[ix["abs_expanded"]]) > 0, int(r[ix["cells"]]) > 0, r[ix["call"]] == "0")
        cls.setdefault(k, []).append(int(r[ix["ir"]]))
    for k in sorted(cls):
        v = cls[k]
        if len(v) >= 3: print("  refx=%d abs=%d out=%d first=%d n=%d median=%d min=%d max=%d" % (k + (len(v), st.median(v), min(v), max(v))))
