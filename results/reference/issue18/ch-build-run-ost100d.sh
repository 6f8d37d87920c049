#!/bin/sh
# The largest dao map alone (ost100d), the three builds back to back, as run.sh does per map.
BEFORE=/work/wt/ch-before/build/gppc AFTER=/tmp/ch18/gppc_b B=/work/shared/benchmarks m=$B/maps/dao/ost100d.map
cd /tmp/ch18/bld1 && mkdir -p p && echo "map,before_s,before_kb,grid_s,grid_kb,after_s,after_kb,floor_kb" > times.csv
/usr/bin/time -f "%e %M" -o tb $BEFORE --entry ch --pre-dir p -pre $m $B/scenarios/dao/ost100d.map.scen >/dev/null 2>&1
/usr/bin/time -f "%e %M" -o tg $AFTER --entry ch:graph=grid --pre-dir p -pre $m $B/scenarios/dao/ost100d.map.scen >/dev/null 2>&1
/usr/bin/time -f "%e %M" -o ta $AFTER --entry ch --pre-dir p -pre $m $B/scenarios/dao/ost100d.map.scen >/dev/null 2>&1
/usr/bin/time -f "%e %M" -o tf $AFTER --entry astar --pre-dir p -pre $m $B/scenarios/dao/ost100d.map.scen >/dev/null 2>&1
echo "ost100d,$(tr ' ' , < tb),$(tr ' ' , < tg),$(tr ' ' , < ta),$(cut -d' ' -f2 tf)" >> times.csv
