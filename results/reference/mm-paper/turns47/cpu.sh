#!/bin/bash
# paired thread-CPU totals (SUMMARY total_cpu_s): base and now alternated map by map, 3 rounds, dao sample
S="arena brc203d brc997d den011d den203d den403d den504d den901d lak100c lak106d lak203d lak400d lak506d lak519d lgt604d orz106d orz303d orz704d ost002d oth999d"
OUT=/work/scratch/turns47/cpu.txt; : > $OUT
for r in 1 2 3; do for m in $S; do for b in base:/work/scratch/base47/build/gppc now:/work/scratch/turns47/bin/v1b; do n=${b%%:*}; bin=${b#*:}
d=$(mktemp -d /work/scratch/turns47/tmp.XXXX); cd $d
for e in mm jps+; do
c=$($bin --entry $e -full /work/shared/benchmarks/maps/dao/$m.map /work/shared/benchmarks/scenarios/dao/$m.map.scen 2>&1 | grep -o "total_cpu_s=[0-9.e-]*" | head -1)
echo "$r $m $n $e $c" >> $OUT; done
cd /; rm -rf $d; done; done; done
