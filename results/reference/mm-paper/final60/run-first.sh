#!/bin/bash
# the full-family acceptance run of round 60 (dao, rooms whole; random, mazes every 5th)
cd /work/main
for fam in dao rooms random mazes; do
  ev=1; case $fam in random|mazes) ev=5;; esac
  python3 scripts/mm_paper.py --bench-dir /work/shared/benchmarks --gppc /work/scratch/r60/gppc60 \
    --families $fam --every $fam=$ev \
    --external 'jps2+=/work/scratch/warthog/jps2plus {map} {scen}' --jps2 jps2+ \
    --work /work/scratch/r60/paper/work --out /work/scratch/r60/paper/acc-$fam.md
  echo "family $fam done $(date)"
done
