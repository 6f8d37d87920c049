#!/bin/bash
# mm_paper dao+rooms sample, 3 runs each of base52 and calls52 (gppc_s), interleaved
P=/work/scratch/calls52/paper; cd /work/wt/calls52
for k in 1 2 3; do for t in s base; do
  bin=/work/scratch/calls52/gppc_s; [ $t = base ] && bin=/work/scratch/base52/build/gppc
  echo "$t$k $(date +%T)"
  python3 scripts/mm_paper.py --bench-dir /work/shared/benchmarks --gppc $bin --families dao,rooms --every dao=8,rooms=8 --external 'jps2+=/work/scratch/warthog/jps2plus {map} {scen}' --jps2 jps2+ --work $P/$t$k/work --out $P/$t$k.md > $P/$t$k.log 2>&1
done; done; echo "done $(date +%T)"
