#!/bin/bash
# the rooms sample (every 8th map) by mm_paper.py, base51's driver then route51's, 3 rounds each
cd /work/wt/route51
for b in base51=/work/scratch/base51/build/gppc route51=/work/scratch/route51/gppc-final; do
  n=${b%%=*}; g=${b#*=}
  python3 scripts/mm_paper.py --bench-dir /work/shared/benchmarks --gppc $g --families rooms --every rooms=8 \
    --external 'jps2+=/work/scratch/warthog/jps2plus {map} {scen}' --jps2 jps2+ --rounds 3 \
    --work /work/scratch/route51/paper-$n --out /work/scratch/route51/paper-$n.md > /work/scratch/route51/paper-$n.log 2>&1
done
