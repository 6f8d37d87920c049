#!/bin/bash
# mm_get_path instructions (callgrind, -run after -pre in a fresh folder) on two rooms maps: base51 against dyn51
B=/work/shared/benchmarks; N=${N:-/work/scratch/dyn51/gppc.final}; O=/work/scratch/base51/build/gppc
for m in 8room_002 32room_006; do
  for b in base51:$O dyn51:$N; do
    d=$(mktemp -d); bin=${b#*:}
    $bin --entry mm --pre-dir $d -pre $B/maps/rooms/$m.map $B/scenarios/rooms/$m.map.scen > /dev/null 2>&1
    valgrind --tool=callgrind --toggle-collect=mm_get_path --callgrind-out-file=$d/cg $bin --entry mm --pre-dir $d -run \
      $B/maps/rooms/$m.map $B/scenarios/rooms/$m.map.scen > /dev/null 2>&1
    echo "$m ${b%%:*} $(callgrind_annotate $d/cg 2>/dev/null | grep 'PROGRAM TOTALS' | awk '{print $1}')"
    rm -rf $d
  done
done
