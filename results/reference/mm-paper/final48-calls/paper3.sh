#!/bin/bash
cd /work/main && python3 scripts/mm_paper.py --bench-dir /work/shared/benchmarks --gppc /work/scratch/final48/tree/build/gppc --families dao,rooms --every dao=8,rooms=8 --external 'jps2+=/work/scratch/warthog/jps2plus {map} {scen}' --jps2 jps2+ --work /work/scratch/final48/paper3/work --out /work/scratch/final48/final48-sample3.md > /work/scratch/final48/paper3.log 2>&1
