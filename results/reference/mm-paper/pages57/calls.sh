#!/bin/bash
# calls.sh NAME BIN ROUNDS: --calls with counters on pages57's maps, ROUNDS rounds each (fresh pre-dir per NAME)
N=$1; BIN=$2; R=${3:-3}; D=/work/shared/benchmarks; W=/work/scratch/pages57/$N
K=leg_page_grows,leg_open_grows,mm_bytes,mm_bytes_jps,near,guarded
MAPS=${MAPS:-"lak519d brc997d lak511d hrt000d den200n"}
mkdir -p $W/pre
for m in $MAPS; do
  $BIN --entry mm -pre --pre-dir $W/pre $D/maps/dao/$m.map $D/scenarios/dao/$m.map.scen > /dev/null 2>&1
done
for r in $(seq 1 $R); do for m in $MAPS; do
  $BIN --entry mm -full --pre-dir $W/pre --cpu-clock call --calls $W/$m.r$r.txt --call-counters $K $D/maps/dao/$m.map $D/scenarios/dao/$m.map.scen > $W/$m.r$r.sum 2>&1
done; done
