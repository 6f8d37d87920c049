#!/bin/bash
# quick.sh TAG MAP...: first-20 callgrind of cgmine's binary; JPS-route and total per map against base/
TAG=$1; shift
cp cgmine/build/gppc /work/scratch/jpsfast51/gppc.$TAG
./cg20.sh /work/scratch/jpsfast51/gppc.$TAG $TAG "$@"
python3 - "$TAG" "$@" <<'PY'
import sys,os
sys.path.insert(0,'/work/wt/jpsfast51/results/reference/mm-paper/first43'); from parts import parts
tag=sys.argv[1]; tb=tn=jb=jn=0
for fm in sys.argv[2:]:
    m=fm.split('/')[1]; b=parts(f'base/{m}.cg'); n=parts(f'{tag}/{m}.cg')
    tb+=b['total']; tn+=n['total']; jb+=b['jps']; jn+=n['jps']
    print(f"{m:12s} jps {b['jps']/1e6:8.2f} -> {n['jps']/1e6:8.2f} ({n['jps']/max(b['jps'],1):.4f})  total {b['total']/1e6:8.2f} -> {n['total']/1e6:8.2f} ({n['total']/b['total']:.4f})")
print(f"SUM jps {jb/1e6:.2f} -> {jn/1e6:.2f} ({jn/jb:.4f}) total {tb/1e6:.2f} -> {tn/1e6:.2f} ({tn/tb:.4f})")
PY
