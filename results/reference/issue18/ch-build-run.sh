#!/bin/sh
# CH preprocessing of the whole dao family, one map at a time, three builds back to back per map:
# before = b90c273 (the old build, /work/wt/ch-before), grid = this branch with ch:graph=grid
# (main's grid-graph CH), after = this branch's default (ch, graph=subgoal); plus astar's -pre as the
# driver's floor (map load, no preprocessing).
BEFORE=/work/wt/ch-before/build/gppc AFTER=/tmp/ch18/gppc_b B=/work/shared/benchmarks
cd /tmp/ch18/bld && rm -rf before grid after && mkdir -p before grid after
echo "map,before_s,before_kb,grid_s,grid_kb,after_s,after_kb,floor_kb" > times.csv
for m in $B/maps/dao/*.map; do
  b=$(basename $m .map); s=$B/scenarios/dao/$b.map.scen
  /usr/bin/time -f "%e %M" -o tb $BEFORE --entry ch --pre-dir before -pre $m $s >/dev/null 2>&1
  /usr/bin/time -f "%e %M" -o tg $AFTER --entry ch:graph=grid --pre-dir grid -pre $m $s >/dev/null 2>&1
  /usr/bin/time -f "%e %M" -o ta $AFTER --entry ch --pre-dir after -pre $m $s >/dev/null 2>&1
  /usr/bin/time -f "%e %M" -o tf $AFTER --entry astar --pre-dir after -pre $m $s >/dev/null 2>&1
  echo "$b,$(tr ' ' , < tb),$(tr ' ' , < tg),$(tr ' ' , < ta),$(cut -d' ' -f2 tf)" >> times.csv
  rm -f before/* grid/*
done
echo done
