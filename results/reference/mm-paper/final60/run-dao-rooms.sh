#!/bin/bash
# round 60's quiet rerun: dao and rooms whole, one family after the other, nothing else running
cd /work/main
for fam in dao rooms; do
  python3 scripts/mm_paper.py --bench-dir /work/shared/benchmarks --gppc /work/scratch/r60/gppc60 \
    --families $fam --every $fam=1 \
    --external 'jps2+=/work/scratch/warthog/jps2plus {map} {scen}' --jps2 jps2+ \
    --work /work/scratch/r60/paper2/work --out /work/scratch/r60/paper2/acc-$fam.md
  echo "family $fam done $(date)"
done
