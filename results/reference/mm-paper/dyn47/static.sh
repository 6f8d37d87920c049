#!/bin/sh
# static.sh LABEL BIN: callgrind instructions of mm_get_path (-full) and --paths md5 on five static maps
B=/work/shared/benchmarks; D=/work/scratch/dyn47/static; L=$1; BIN=$2; mkdir -p $D
for m in dao/den000d dao/lgt604d dao/orz303d rooms/8room_002 random/random512-25-5; do
  n=$(basename $m)
  valgrind --tool=callgrind --toggle-collect='mm_get_path' --callgrind-out-file=$D/$n.$L.cg $BIN --entry mm --pre-dir $D/pre.$L --paths $D/$n.$L.paths -full $B/maps/$m.map $B/scenarios/$m.map.scen > $D/$n.$L.out 2>&1
  echo "$n $L $(callgrind_annotate $D/$n.$L.cg 2>/dev/null | grep 'PROGRAM TOTALS' | awk '{print $1}') $(md5sum < $D/$n.$L.paths | cut -c1-8) $(grep -o 'invalid=[0-9]*\|subopt_mean=[0-9.]*' $D/$n.$L.out | tr '\n' ' ')"
done
