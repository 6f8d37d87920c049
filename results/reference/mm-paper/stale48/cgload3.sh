#!/bin/bash
# load (mm_file_load) of stale48 final (1-in-32 sample, packed checksum a piece at a time), fresh pre-dir
cd /work/scratch/stale48
M=/work/shared/benchmarks/maps; S=/work/shared/benchmarks/scenarios
N=/work/wt/stale48/build/gppc
rm -rf pn3; mkdir -p pn3 cgn3
for m in dao/orz900d dao/den520d dao/brc202d dao/lak303d rooms/8room_000 rooms/16room_001 rooms/32room_000 rooms/64room_000 random/random512-25-5 mazes/maze512-4-0; do
  n=$(basename $m); $N -pre --pre-dir pn3 $M/$m.map scen1/$n.scen >/dev/null 2>&1
  valgrind --tool=callgrind --toggle-collect=mm_file_load --callgrind-out-file=cgn3/load-$n.out $N -run --pre-dir pn3 $M/$m.map scen1/$n.scen > cgn3/run-$n.txt 2>&1
  load=$(callgrind_annotate cgn3/load-$n.out 2>/dev/null | grep "PROGRAM TOTALS" | awk '{print $1}')
  echo "$n load_final=$load $(grep -o 'pre_rejected=[^ ]*' cgn3/run-$n.txt)"
done
