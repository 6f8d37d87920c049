#!/bin/bash
# load vs preprocess instructions (callgrind), base48 vs stale48, one query scenario each
cd /work/scratch/stale48
M=/work/shared/benchmarks/maps; S=/work/shared/benchmarks/scenarios
B=/work/scratch/base48/build/gppc; N=/work/wt/stale48/build/gppc
for m in dao/orz900d dao/den520d dao/brc202d dao/lak303d rooms/8room_000 rooms/16room_001 rooms/32room_000 rooms/64room_000 random/random512-25-5 mazes/maze512-4-0; do
  n=$(basename $m); head -2 $S/$m.map.scen > scen1/$n.scen
  for who in b n; do
    bin=$B; [ $who = n ] && bin=$N
    pd=p${who}1
    valgrind --tool=callgrind --toggle-collect=mm_preprocess --callgrind-out-file=cg$who/pre-$n.out $bin -pre --pre-dir $pd $M/$m.map scen1/$n.scen >/dev/null 2>&1
    valgrind --tool=callgrind --toggle-collect=mm_file_load --callgrind-out-file=cg$who/load-$n.out $bin -run --pre-dir $pd $M/$m.map scen1/$n.scen > cg$who/run-$n.txt 2>&1
    pre=$(callgrind_annotate cg$who/pre-$n.out 2>/dev/null | grep "PROGRAM TOTALS" | awk '{print $1}')
    load=$(callgrind_annotate cg$who/load-$n.out 2>/dev/null | grep "PROGRAM TOTALS" | awk '{print $1}')
    echo "$n $who pre=$pre load=$load $(grep -o 'pre_rejected=[^ ]*' cg$who/run-$n.txt)"
  done
done
