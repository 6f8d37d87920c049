#!/bin/sh
# static.sh LABEL BIN: callgrind instructions of mm_get_path (-full), --paths md5 and the preprocessing files' md5 on eight static maps
B=/work/shared/benchmarks; D=/work/scratch/dyn48/static; L=$1; BIN=$2; mkdir -p $D
for m in dao/den000d dao/lgt604d dao/orz303d dao/arena2 rooms/8room_002 rooms/16room_000 mazes/maze512-4-0 random/random512-25-5; do
  n=$(basename $m); rm -rf $D/pre.$L.$n; mkdir -p $D/pre.$L.$n
  valgrind --tool=callgrind --toggle-collect='mm_get_path' --callgrind-out-file=$D/$n.$L.cg $BIN --entry mm --pre-dir $D/pre.$L.$n --paths $D/$n.$L.paths -full $B/maps/$m.map $B/scenarios/$m.map.scen > $D/$n.$L.out 2>&1
  echo "$n $L $(callgrind_annotate $D/$n.$L.cg 2>/dev/null | grep 'PROGRAM TOTALS' | awk '{print $1}') $(md5sum < $D/$n.$L.paths | cut -c1-8) pre $(cat $D/pre.$L.$n/* | md5sum | cut -c1-8) $(grep -o 'invalid=[0-9]*\|subopt_mean=[0-9.]*' $D/$n.$L.out | tr '\n' ' ')"
done
