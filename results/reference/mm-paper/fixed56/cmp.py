import sys
# cmp.py A B MAP...: calls, GetPath Ir sum and max (with that call's expansions and cells) per map, B against A
def load(t, m):
    rows = [l.rstrip("\n").split("\t") for l in open("pc/%s-%s.tsv" % (t, m))]
    h = rows[0]; ix = {k: i for i, k in enumerate(h)}
    return [(int(r[ix["ir"]]), int(r[ix["refine_expanded"]]) + int(r[ix["abs_expanded"]]), int(r[ix["cells"]]), r[ix["call"]]) for r in rows[1:]]
a, b = sys.argv[1], sys.argv[2]
print("| map | %s calls | %s calls | %s sum | %s sum (x) | %s max | %s max (x) | most expanded a call %s -> %s |" % (a, b, a, b, a, b, a, b))
print("|---|---:|---:|---:|---:|---:|---:|---|")
for m in sys.argv[3:]:
    A, B = load(a, m), load(b, m)
    sa, sb = sum(r[0] for r in A), sum(r[0] for r in B)
    ma, mb = max(A), max(B)
    print("| %s | %d | %d | %s | %s (%.3f) | %s | %s (%.3f) | %d -> %d |" % (m, len(A), len(B), format(sa, ","), format(sb, ","), sb / sa,
          format(ma[0], ","), format(mb[0], ","), mb[0] / ma[0], max(r[1] for r in A), max(r[1] for r in B)))
