#!/bin/bash
# cgsum.sh DIR: per dumped call, total Ir and the top inclusive functions (thousands)
for f in $1/cgt.out.*; do callgrind_annotate --inclusive=yes --threshold=100 $f 2>/dev/null | python3 -c "
import sys,re
rows=[]
for line in sys.stdin:
    m=re.match(r'\s*([\d,]+) \(\s*[\d.]+%\)\s+(\S+)',line)
    if not m: continue
    v=int(m.group(1).replace(',','')); t=m.group(2).split(':')[-1]
    rows.append((v,t))
tot=rows[0][0]
skip=('__libc_start_main','(below','replay_query','main','0x0','mm_get_path','refiner_step','step','???')
out=[(v,t) for v,t in rows[1:] if not any(t.startswith(s) for s in skip)]
print(tot, ' '.join('%s=%.1f'%(t[:18],v/1000) for v,t in out[:9]))
"; done | sort -n
