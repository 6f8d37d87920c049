#!/bin/bash
# clock.sh: 3 alternating mm_paper.py runs (rooms every 8th, dao every 8th; mm and ch only, --jps2 ch: only the first-20 check is read), base49 then rooms49
cd /work/scratch/rooms49
for r in 1 2 3; do
for t in base now; do
  bin=/work/scratch/base49/build/gppc; [ $t = now ] && bin=/work/scratch/rooms49/now-gppc
  python3 /work/wt/rooms49/scripts/mm_paper.py --bench-dir /work/shared/benchmarks --gppc $bin --entries mm,ch --jps2 ch --families rooms,dao --every rooms=8,dao=8 --work /work/scratch/rooms49/paper-$t$r --out /work/scratch/rooms49/paper-$t$r.md > /work/scratch/rooms49/paper-$t$r.log 2>&1
done; done
