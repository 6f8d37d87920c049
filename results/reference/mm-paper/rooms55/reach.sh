#!/bin/bash
# reach.sh: the 64room maps' subopt by mm:reach=R (rooms55.md §2), one -full run a map and reach;
# keeps SUMMARY's counts and subopt fields. BIN defaults to base55's build.
B=/work/shared/benchmarks; BIN=${BIN:-/work/scratch/base55/build/gppc}
for r in 160 240 320 400 480; do
  for i in 0 1 2 3 4 5 6 7 8 9; do
    m=64room_00$i
    $BIN --entry mm:reach=$r -full $B/maps/rooms/$m.map $B/scenarios/rooms/$m.map.scen 2>/dev/null | grep ^SUMMARY |
      grep -oE ' (queries|valid|invalid|subopt_mean|subopt_max)=[^ ]*' | tr -d '\n' | sed "s/^/reach=$r map=$m/"
    echo
  done
done
