#!/bin/bash
# 32-wide mazes, mm (base48) against jps+ and jps2+ (3 interleaved rounds each)
cd /work/wt/mazes48
python3 scripts/mm_paper.py --bench-dir /work/shared/benchmarks --gppc /work/scratch/base48/build/gppc --families mazes --maps maze512-32-0,maze512-32-1,maze512-32-2,maze512-32-3,maze512-32-4,maze512-32-5,maze512-32-6,maze512-32-7,maze512-32-8,maze512-32-9 --entries mm,jps+ --external 'jps2+=/work/scratch/warthog/jps2plus {map} {scen}' --jps2 jps2+ --work /work/scratch/mazes48/paper32/base --out /work/scratch/mazes48/paper32/base.md
