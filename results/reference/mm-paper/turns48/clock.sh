#!/bin/bash
# paired clock runs: base and now alternated, each mm_paper invocation 3 interleaved rounds of mm and jps+
cd /work/wt/turns48
for r in 1 2 3; do
for b in base:/work/scratch/base48/build/gppc now:/work/scratch/turns48/bin/t4; do n=${b%%:*}; bin=${b#*:}
python3 scripts/mm_paper.py --bench-dir /work/shared/benchmarks --gppc $bin --families dao --every dao=8 --entries mm,jps+ --jps2 jps+ --work /work/scratch/turns48/paper-$n-$r --out /work/scratch/turns48/paper-$n-$r.md > /work/scratch/turns48/paper-$n-$r.log 2>&1
done; done
