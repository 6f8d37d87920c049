#!/bin/bash
# least.sh BIN_BEFORE BIN_NOW [ROUNDS]: each call's least CPU reading over ROUNDS (3) rounds
# (--cpu-clock call --calls, whole scenarios; calls40/least.py), the two binaries interleaved map by map;
# MAPS="fam/map ..." picks the maps
B=/work/shared/benchmarks; S=/work/scratch/calls41/least2; R=${3:-3}
mkdir -p $S
M=${MAPS:-"dao/den203d dao/lak106d dao/orz704d rooms/32room_006 rooms/8room_002 random/random512-25-5 mazes/maze512-32-0"}
for r in $(seq 1 $R); do for m in $M; do for t in before:$1 now:$2; do
  x=$(basename $m); ${t#*:} --entry mm --pre-dir $S/pre-${t%%:*} --cpu-clock call --calls $S/${t%%:*}.$x.$r -full $B/maps/$m.map $B/scenarios/$m.map.scen >/dev/null 2>&1
done; done; done
for m in $M; do x=$(basename $m); for t in before now; do
  echo "$x $t $(python3 /work/main/results/reference/mm-paper/calls40/least.py $(seq -f "$S/$t.$x.%g" 1 $R))"
done; done
