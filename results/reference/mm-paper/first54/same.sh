#!/bin/bash
# same.sh BIN TAG: paths md5 + mm_bytes for the check maps
BIN=$1; TAG=$2; B=/work/shared/benchmarks; O=/work/scratch/first54/same/$TAG; rm -rf $O; mkdir -p $O
for fm in dao/den011d dao/brc203d rooms/8room_002 mazes/maze512-4-6 random/random512-25-5; do
  f=${fm%%/*}; m=${fm##*/}; mkdir -p $O/pre_$m
  $BIN --entry mm --paths $O/$m.paths -full --pre-dir $O/pre_$m $B/maps/$f/$m.map $B/scenarios/$f/$m.map.scen > $O/$m.out 2>&1
  echo "$m $(md5sum < $O/$m.paths | cut -c1-12) $(grep -o 'mm_bytes=[0-9]*' $O/$m.out | head -1) $(grep -o 'profile=[a-z-]*' $O/$m.out | head -1)"
done
