#!/bin/bash
# load (mm_file_load) of stale48 at 1-in-32 sample; rebuild in prepare (a missing file: build_abstraction + abs_index_init) for both
cd /work/scratch/stale48
M=/work/shared/benchmarks/maps; S=/work/shared/benchmarks/scenarios
B=/work/scratch/base48/build/gppc; N=/work/wt/stale48/build/gppc
mkdir -p empty
for m in dao/orz900d dao/den520d dao/brc202d dao/lak303d rooms/8room_000 rooms/16room_001 rooms/32room_000 rooms/64room_000 random/random512-25-5 mazes/maze512-4-0; do
  n=$(basename $m); $N -pre --pre-dir pn1 $M/$m.map scen1/$n.scen >/dev/null 2>&1
  valgrind --tool=callgrind --toggle-collect=mm_file_load --callgrind-out-file=cgn/load32-$n.out $N -run --pre-dir pn1 $M/$m.map scen1/$n.scen > cgn/run32-$n.txt 2>&1
  load=$(callgrind_annotate cgn/load32-$n.out 2>/dev/null | grep "PROGRAM TOTALS" | awk '{print $1}')
  valgrind --tool=callgrind --toggle-collect=build_abstraction --toggle-collect=abs_index_init --callgrind-out-file=cgb/rebuild-$n.out $B -run --pre-dir empty $M/$m.map scen1/$n.scen > /dev/null 2>&1
  reb=$(callgrind_annotate cgb/rebuild-$n.out 2>/dev/null | grep "PROGRAM TOTALS" | awk '{print $1}')
  echo "$n load32=$load rebuild_in_prepare=$reb $(grep -o 'pre_rejected=[^ ]*' cgn/run32-$n.txt)"
done
