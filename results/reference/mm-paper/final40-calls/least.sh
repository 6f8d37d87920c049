#!/bin/bash
# Each call's least CPU reading over 3 rounds (--calls), merged tree; results/reference/mm-paper/calls40/least.py
B=/work/shared/benchmarks; G=/work/scratch/final40/tree/build/gppc; S=/work/scratch/final40/least
for r in 1 2 3; do for m in dao/den203d dao/lak106d dao/orz704d rooms/32room_006 rooms/8room_002 random/random512-25-5 mazes/maze512-32-0; do
  x=$(basename $m); $G --entry mm --pre-dir $S/pre --cpu-clock call --calls $S/$x.$r -full $B/maps/$m.map $B/scenarios/$m.map.scen >/dev/null 2>&1
done; done
for m in den203d lak106d orz704d 32room_006 8room_002 random512-25-5 maze512-32-0; do echo "$m $(python3 /work/main/results/reference/mm-paper/calls40/least.py $S/$m.1 $S/$m.2 $S/$m.3)"; done
