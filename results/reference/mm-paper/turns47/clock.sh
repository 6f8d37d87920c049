#!/bin/bash
# paired clock runs: base and now alternated, each mm_paper invocation 3 interleaved rounds of mm and jps+
cd /work/wt/turns47
for r in 2 3; do
for b in base:/work/scratch/base47/build/gppc v1:/work/scratch/turns47/bin/v1b; do n=${b%%:*}; bin=${b#*:}
python3 scripts/mm_paper.py --bench-dir /work/shared/benchmarks --gppc $bin --families dao --every dao=8 --entries mm,jps+ --jps2 jps+ --work /work/scratch/turns47/paper-$n-$r --out /work/scratch/turns47/paper-$n-$r.md > /work/scratch/turns47/paper-$n-$r.log 2>&1
done; done
