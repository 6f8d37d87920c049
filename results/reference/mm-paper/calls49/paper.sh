#!/bin/bash
# paper.sh: mm_paper.py on the dao and rooms samples (every 8th), base49 then r4 (separate work dirs), warthog's jps2+ as the external
cd /work/wt/calls49
for t in r4:/work/scratch/calls49/gppc_r4 base:/work/scratch/base49/build/gppc; do
  python3 scripts/mm_paper.py --bench-dir /work/shared/benchmarks --gppc ${t#*:} --families dao,rooms --every dao=8,rooms=8 --external 'jps2+=/work/scratch/warthog/jps2plus {map} {scen}' --jps2 jps2+ --work /work/scratch/calls49/paper/work-${t%%:*} --out /work/scratch/calls49/paper/calls49-paper-${t%%:*}.md > /work/scratch/calls49/paper/${t%%:*}.log 2>&1
done
