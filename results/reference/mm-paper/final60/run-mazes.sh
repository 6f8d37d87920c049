#!/bin/bash
cd /work/main
python3 scripts/mm_paper.py --bench-dir /work/shared/benchmarks --gppc /work/scratch/r60/gppc60 \
    --families mazes --maps maze512-2-0,maze512-4-0,maze512-8-0,maze512-16-0,maze512-32-0 \
    --external 'jps2+=/work/scratch/warthog/jps2plus {map} {scen}' --jps2 jps2+ \
    --work /work/scratch/r60/paper2/work --out /work/scratch/r60/paper2/acc-mazes.md
echo "mazes done $(date)"
