#!/bin/sh
# -check of jps+ (valid and optimal: exit 0) on every map timed in bench_all.sh, whole scenarios.
cd /work/wt/jpq
BIN=/tmp/jpq_gppc_final
B=../shared/benchmarks
PRE=/tmp/jpq/pre_check
OUT=/tmp/jpq/out/checks.csv
echo "family,map,exit,queries,valid,invalid,over_bound" > $OUT
run() { # family map
    rc=$(nice -n 10 $BIN --entry jps+ --pre-dir $PRE -check $B/maps/$1/$2.map $B/scenarios/$1/$2.map.scen >/tmp/jpq/chk_one.txt 2>&1; echo $?)
    s=$(grep '^SUMMARY' /tmp/jpq/chk_one.txt)
    q=$(echo "$s" | sed -E 's/.* queries=([0-9]+).*/\1/'); v=$(echo "$s" | sed -E 's/.* valid=([0-9]+).*/\1/')
    i=$(echo "$s" | sed -E 's/.* invalid=([0-9]+).*/\1/'); o=$(echo "$s" | sed -E 's/.* over_bound=([0-9]+).*/\1/')
    echo "$1,$2,$rc,$q,$v,$i,$o" >> $OUT
}
for f in $B/maps/dao/*.map; do run dao $(basename $f .map); done
for m in random512-10-0 random512-10-5 random512-15-0 random512-15-5 random512-20-0 random512-20-5 random512-25-0 random512-25-5 random512-30-0 random512-30-5 random512-35-0 random512-35-5 random512-40-0 random512-40-5; do run random $m; done
for m in maze512-1-0 maze512-1-5 maze512-2-0 maze512-2-5 maze512-4-0 maze512-4-5 maze512-8-0 maze512-8-5 maze512-16-0 maze512-16-5 maze512-32-0 maze512-32-5; do run mazes $m; done
for m in 16room_000 16room_004 16room_008 32room_002 32room_006 64room_000 64room_004 64room_008 8room_002 8room_006; do run rooms $m; done
echo CHECKSDONE
