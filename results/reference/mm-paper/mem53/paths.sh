#!/bin/sh
# paths.sh NAME BIN: md5 of --paths on the maps of the brief, fresh pre-dir
name=$1; bin=$2; B=/work/shared/benchmarks
for m in rooms/16room_000 rooms/8room_002 rooms/32room_006 dao/den011d mazes/maze512-4-6 mazes/maze512-1-0; do
  d=$(mktemp -d /tmp/pre.XXXXXX)
  f=${OUT:-/tmp}/paths_${name}_$(basename $m).txt
  $bin --entry mm --paths $f -full --pre-dir $d $B/maps/$m.map $B/scenarios/$m.map.scen > /dev/null 2>&1
  echo "$m $(md5sum < $f | cut -c1-8)"
  rm -rf $d
done
