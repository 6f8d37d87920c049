#!/bin/bash
# clock.sh: 3 alternating mm_paper.py rooms runs, base48 then rooms48
cd /work/scratch/rooms48
for r in 1 2 3; do
for t in base now; do
  bin=/work/scratch/base48/build/gppc; [ $t = now ] && bin=/work/wt/rooms48/build/gppc
  python3 /work/wt/rooms48/scripts/mm_paper.py --bench-dir /work/shared/benchmarks --gppc $bin --families rooms --every rooms=8 --external 'jps2+=/work/scratch/warthog/jps2plus {map} {scen}' --jps2 jps2+ --work /work/scratch/rooms48/paper-$t$r --out /work/scratch/rooms48/paper-$t$r.md > /work/scratch/rooms48/paper-$t$r.log 2>&1
done; done
