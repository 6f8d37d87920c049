#!/bin/sh
# md5.sh NAME BIN: --paths md5 of mm on 3 maps of each other family
name=$1; bin=$2; B=/work/shared/benchmarks
for fm in dao/brc202d dao/orz303d dao/lak100c rooms/8room_002 rooms/16room_000 rooms/64room_004 mazes/maze512-8-2 mazes/maze512-32-0 mazes/maze512-4-0; do
  f=${fm%/*}; m=${fm#*/}
  $bin --pre-dir /work/scratch/randfit46/md5/pre.$name --entry mm -full $B/maps/$f/$m.map $B/scenarios/$f/$m.map.scen --paths $name.$m.paths > $name.$m.log 2>&1
  echo "$name $m $(md5sum < $name.$m.paths | cut -c1-12) $(grep -o 'profile=[a-z-]*' $name.$m.log) $(grep -o ' invalid=[0-9]*' $name.$m.log) $(grep -o 'mm_bytes=[0-9]*' $name.$m.log)"
done
