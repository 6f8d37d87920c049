#!/bin/bash
# paper.sh: mm_paper.py on the dao and rooms samples, base47 then this branch (separate work dirs)
cd /work/wt/calls47
for t in base:/work/scratch/base47/build/gppc now:/work/scratch/calls47/gppc.final; do
  python3 scripts/mm_paper.py --bench-dir /work/shared/benchmarks --gppc ${t#*:} --families dao,rooms --every dao=8,rooms=8 --external 'jps2+=/work/scratch/warthog/jps2plus {map} {scen}' --jps2 jps2+ --work /work/scratch/calls47/paper/work-${t%%:*} --out /work/scratch/calls47/paper/calls47-paper-${t%%:*}.md > /work/scratch/calls47/paper/${t%%:*}.log 2>&1
done
