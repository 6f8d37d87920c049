# table.py BASE_IR NOW_IR "MAPS": the instructions table's rows (ir.txt of cg.sh; jps+ from turns47.md)
import re,sys
def load(f):
    d={}
    for l in open(f):
        p=l.split()
        if len(p)>=3: d[p[0]]=(int(p[1].replace(',','')),p[2])
    return d
base=load(sys.argv[1]); now=load(sys.argv[2])
t47={}
for l in open('/work/main/results/reference/mm-paper/turns47.md'):
    m=re.match(r'\| (\w+) \| ([\d,]+) \| ([\d,]+) \| [*\d.]+ \| ([\d,]+) \|',l)
    if m: t47[m.group(1)]=int(m.group(4).replace(',',''))
jp={}
for l in open('cg_jpsp/ir.txt'):
    p=l.split(); jp[p[0]]=int(p[1].replace(',',''))
tb=tn=tj=0
for m in sys.argv[3].split():
    b,bm=base[m]; n,nm=now[m]; j=t47.get(m)
    tb+=b; tn+=n
    if j: tj+=j
    print(f"| {m} | {b:,} | {n:,} | {n/b:.4f} | " + (f"{j:,} | {b/j:.3f} | {n/j:.3f}" if j else "- | - | -") + f" | {'same' if bm==nm else 'DIFF'} |")
print(f"| all | {tb:,} | {tn:,} | {tn/tb:.4f} | " + (f"{tj:,} | {tb/tj:.4f} | {tn/tj:.4f} | |" if tj else "| | | |"))
for m in jp: print('check jps+', m, jp[m], t47.get(m))
