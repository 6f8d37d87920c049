#!/bin/sh
# static maps: callgrind instructions of mm_get_path (-full) and --paths md5, base46 against a dyn46 binary ($1, label $2)
B=/work/shared/benchmarks; D=/work/scratch/dyn46/static; NOW=$1; LABEL=$2
for m in dao/den000d dao/lgt604d dao/orz303d rooms/8room_002; do
  n=$(basename $m)
  for l in base46 $LABEL; do
    b=$NOW; [ $l = base46 ] && b=/work/scratch/base46/build/gppc
    valgrind --tool=callgrind --toggle-collect='mm_get_path' --callgrind-out-file=$D/$n.$l.cg $b --entry mm --paths $D/$n.$l.paths -full $B/maps/$m.map $B/scenarios/$m.map.scen > /dev/null 2>&1
    echo "$n $l $(callgrind_annotate $D/$n.$l.cg 2>/dev/null | grep 'PROGRAM TOTALS' | awk '{print $1}') $(md5sum < $D/$n.$l.paths | cut -c1-8)"
  done
done
