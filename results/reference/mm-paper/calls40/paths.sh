#!/bin/bash
# paths.sh BIN TAG: md5 of --paths on the five maps
B=/work/shared/benchmarks; S=/work/scratch/calls40
for m in rooms/32room_006 rooms/8room_002 mazes/maze512-32-0 dao/brc997d dao/lak400d; do
  n=$(basename $m); mkdir -p $S/pre-$2
  $1 --entry mm --pre-dir $S/pre-$2 --paths $S/paths-$2-$n.txt -full $B/maps/$m.map $B/scenarios/$m.map.scen > /dev/null 2>&1
  echo "$m $(md5sum < $S/paths-$2-$n.txt | cut -c1-32)"
done
