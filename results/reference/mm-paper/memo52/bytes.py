import sys,re,os
# bytes.py MAPS DIR_BEFORE DIR_AFTER: mm_bytes before -> after and the budget (64 KiB + 3 bits/cell)
def kv(f):
    t=open(f).read(); return dict(re.findall(r'(\w+)=(\S+)',t))
print('| map | budget | mm_bytes before | after | after/budget | memo before -> after | refused | tiled |')
print('|---|---|---|---|---|---|---|---|')
for l in open(sys.argv[1]):
    m=l.split()[0]; n=os.path.basename(m)[:-4]
    h=open(m).read(200).split('\n'); H=int(h[1].split()[1]); W=int(h[2].split()[1])
    b=65536+3*W*H//8
    a,c=kv(f'{sys.argv[2]}/{n}.out'),kv(f'{sys.argv[3]}/{n}.out')
    x,y=int(a['mm_bytes']),int(c['mm_bytes'])
    print(f"| {n} | {b} | {x} | {y} ({y-x:+d}) | {y/b:.3f} | {a.get('memo_entries')} -> {c.get('memo_entries')} | {a.get('memo_refused')} -> {c.get('memo_refused')} | {a.get('jps_tiled','?')} -> {c.get('jps_tiled','?')} |")
