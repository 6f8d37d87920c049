#!/bin/bash
# round 61: dao whole with the forgiven tries (dc1aba2c's tree), nothing else running
cd /work/wt/lead61
python3 scripts/mm_paper.py --bench-dir /work/shared/benchmarks --gppc /work/scratch/r61/gppc61 \
  --families dao --every dao=1 \
  --external 'jps2+=/work/scratch/warthog/jps2plus {map} {scen}' --jps2 jps2+ \
  --work /work/scratch/r61/paper/work --out /work/scratch/r61/paper/acc-dao.md
