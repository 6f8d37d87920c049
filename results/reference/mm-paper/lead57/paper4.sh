#!/bin/bash
cd /work/main
for b in now base; do
  if [ $b = now ]; then G=/work/scratch/lead57/gppc_tight; else G=/work/scratch/base57/build/gppc; fi
  python3 scripts/mm_paper.py --bench-dir /work/shared/benchmarks --gppc $G --families mazes --maps maze512-4-0,maze512-4-6 --external 'jps2+=/work/scratch/warthog/jps2plus {map} {scen}' --jps2 jps2+ --work /work/scratch/lead57/p4_$b/work --out /work/scratch/lead57/p4_$b.md > /work/scratch/lead57/p4_$b.log 2>&1
done
