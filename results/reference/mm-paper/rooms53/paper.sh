#!/bin/bash
# paper.sh NAME=GPPC...: the rooms sample (every 8th map) by mm_paper.py, one run per driver, 3 rounds each
cd /work/wt/rooms53
for b in "$@"; do
  n=${b%%=*}; g=${b#*=}
  JPS2PLUS_CLOCK=cpu python3 scripts/mm_paper.py --bench-dir /work/shared/benchmarks --gppc $g --families rooms --every rooms=8 \
    --external 'jps2+=/work/scratch/warthog/jps2plus {map} {scen}' --jps2 jps2+ --rounds 3 \
    --work /work/scratch/rooms53/paper/work-$n --out /work/scratch/rooms53/paper/paper-$n.md > /work/scratch/rooms53/paper/paper-$n.log 2>&1
done
