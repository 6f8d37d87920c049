#!/bin/sh
# usage: cg.sh NAME BIN MAP...   callgrind instruction counts of mm_get_path, whole scenario
name=$1; bin=$2; shift 2
B=/work/shared/benchmarks
for m in "$@"; do
  valgrind --tool=callgrind --toggle-collect=mm_get_path --callgrind-out-file=$name.$m.out $bin --entry mm -full $B/maps/random/$m.map $B/scenarios/random/$m.map.scen --paths $name.$m.paths > $name.$m.log 2>&1
  echo "$name $m $(callgrind_annotate $name.$m.out 2>/dev/null | grep -m1 'PROGRAM TOTALS' ) $(md5sum < $name.$m.paths)"
done
