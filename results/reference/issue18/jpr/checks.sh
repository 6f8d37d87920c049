#!/bin/sh
# checks.sh BIN: -check of jps+ on the random maps where the unpruned variant is on (grid_scattered >= 0.15: 10-30 %), whole scenarios
G=$1; B=/work/shared/benchmarks; OUT=/tmp/jpr/check; PRE=$OUT/pre; mkdir -p $PRE
echo "entry,family,map,scattered_on,exit,queries,invalid,over_bound,subopt_max"
for d in 10 15 20 25 30 35 40; do for i in 0 5; do b=random512-$d-$i
  nice -n 15 $G --entry jps+ --pre-dir $PRE -check $B/maps/random/$b.map $B/scenarios/random/$b.map.scen > $OUT/jps+.out 2>&1; rc=$?
  s=$(grep '^SUMMARY' $OUT/jps+.out); f() { echo "$s" | grep -o " $1=[0-9.]*" | cut -d= -f2; }
  on=$([ $d -le 30 ] && echo 1 || echo 0)
  echo "jps+,random,$b,$on,$rc,$(f queries),$(f invalid),$(f over_bound),$(f subopt_max)"
done; done
