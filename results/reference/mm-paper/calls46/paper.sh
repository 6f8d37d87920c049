#!/bin/bash
# paper.sh: mm_paper on the dao and rooms samples, base46 then this branch, one after the other
cd /work/wt/calls46
for t in base:/work/scratch/base46/build/gppc now:/work/scratch/calls46/bin/final; do
  python3 scripts/mm_paper.py --bench-dir /work/shared/benchmarks --gppc ${t#*:} --families dao,rooms --every dao=8,rooms=8 --external 'jps2+=/work/scratch/warthog/jps2plus {map} {scen}' --jps2 jps2+ --work /work/scratch/calls46/paper/work-${t%%:*} --out /work/scratch/calls46/paper/${t%%:*}.md > /work/scratch/calls46/paper/${t%%:*}.log 2>&1
done
