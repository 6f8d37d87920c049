#!/bin/bash
# 32-wide mazes, mm against jps2+ (3 interleaved rounds each), base47 then mazes47, twice
cd /work/wt/mazes47
for k in 1 2; do
for n in base:/work/scratch/base47/build/gppc now:/work/scratch/mazes47/gppc_v1; do
python3 scripts/mm_paper.py --bench-dir /work/shared/benchmarks --gppc ${n#*:} --families mazes --maps maze512-32-0,maze512-32-1,maze512-32-2,maze512-32-3,maze512-32-4,maze512-32-5,maze512-32-6,maze512-32-7,maze512-32-8,maze512-32-9 --entries mm,jps+ --external 'jps2+=/work/scratch/warthog/jps2plus {map} {scen}' --jps2 jps2+ --work /work/scratch/mazes47/paper32/${n%%:*}$k --out /work/scratch/mazes47/paper32/${n%%:*}$k.md > /work/scratch/mazes47/paper32/${n%%:*}$k.log 2>&1
done; done
