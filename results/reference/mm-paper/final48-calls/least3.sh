#!/bin/bash
# Each call's least CPU reading over 3 rounds (--calls), base48 (93013ff) and the final tree interleaved map by map; results/reference/mm-paper/calls40/least.py
B=/work/shared/benchmarks; S=/work/scratch/final48/least3
for r in 1 2 3; do for m in dao/den203d dao/lak106d dao/orz704d rooms/32room_006 rooms/8room_002 random/random512-25-5 mazes/maze512-32-0; do
  x=$(basename $m)
  for n in before:/work/scratch/base48/build/gppc now:/work/scratch/final48/tree/build/gppc; do
    mkdir -p $S/${n%%:*}/pre
    ${n#*:} --entry mm --pre-dir $S/${n%%:*}/pre --cpu-clock call --calls $S/${n%%:*}/$x.$r -full $B/maps/$m.map $B/scenarios/$m.map.scen >/dev/null 2>&1
  done
done; done
for m in den203d lak106d orz704d 32room_006 8room_002 random512-25-5 maze512-32-0; do for b in before now; do echo "$m $b $(python3 /work/main/results/reference/mm-paper/calls40/least.py $S/$b/$m.1 $S/$b/$m.2 $S/$b/$m.3)"; done; done
