#!/bin/bash
# calls.sh NAME BIN ROUNDS: --calls with counters on calls56's maps, ROUNDS rounds each
# (MAPS, K and W from the environment for another round's maps, counters and folder: pages57)
N=$1; BIN=$2; R=${3:-3}; D=/work/shared/benchmarks; W=${W:-/work/scratch/calls56}/$N
K=${K:-leg_page_grows,leg_open_grows,mm_bytes,mm_bytes_jps,refine_expanded,abs_expanded,near,guarded}
MAPS=${MAPS:-"lak519d brc997d den011d"}
mkdir -p $W/pre
for m in $MAPS; do
  $BIN --entry mm -pre --pre-dir $W/pre $D/maps/dao/$m.map $D/scenarios/dao/$m.map.scen > /dev/null 2>&1
done
for r in $(seq 1 $R); do for m in $MAPS; do
  $BIN --entry mm -full --pre-dir $W/pre --cpu-clock call --calls $W/$m.r$r.txt --call-counters $K $D/maps/dao/$m.map $D/scenarios/dao/$m.map.scen > $W/$m.r$r.sum 2>&1
done; done
