# table.py BASE NOW [JPSP_BASE JPSP_NOW]: rows of the instructions table from cg.sh's ir.txt files
# (map Ir md5 invalid); with jps+'s, mm/jps+ against each binary's own jps+.
import sys
def load(f):
    d = {}
    for l in open(f):
        p = l.split()
        if len(p) >= 3:
            d[p[0]] = (int(p[1].replace(',', '')), p[2])
    return d
base, now = load(sys.argv[1]), load(sys.argv[2])
jb = load(sys.argv[3]) if len(sys.argv) > 3 else {}
jn = load(sys.argv[4]) if len(sys.argv) > 4 else {}
tot = [0, 0, 0, 0]
for m in base:
    if m not in now:
        continue
    b, bm = base[m]; n, nm = now[m]
    tot[0] += b; tot[1] += n
    row = f"| {m} | {b:,} | {n:,} | {n / b:.4f} |"
    if m in jb and m in jn:
        tot[2] += jb[m][0]; tot[3] += jn[m][0]
        row += f" {jb[m][0]:,} | {jn[m][0]:,} | {b / jb[m][0]:.3f} | {n / jn[m][0]:.3f} |"
    print(row + f" {'same' if bm == nm else 'DIFF'} |")
row = f"| all | {tot[0]:,} | {tot[1]:,} | {tot[1] / tot[0]:.4f} |"
if tot[2]:
    row += f" {tot[2]:,} | {tot[3]:,} | {tot[0] / tot[2]:.4f} | {tot[1] / tot[3]:.4f} |"
print(row)
