#!/bin/bash
# clock64.sh MAP ROUNDS: jps2+ (its CPU clock) and mm's total_cpu_s (base53's build; rooms53's first
# commit f36b05d built as gppc-v1, its open-rooms reach 320, and the same build at reach=400 and 480)
# on one rooms map, interleaved round by round; one line a run (median.py reads them)
B=/work/shared/benchmarks; M=$B/maps/rooms/$1.map; S=$B/scenarios/rooms/$1.map.scen
for r in $(seq 1 $2); do
  echo "jps2+ $(JPS2PLUS_CLOCK=cpu /work/scratch/warthog/jps2plus $M $S | grep -o 'cpu_s=[0-9.]*')"
  for b in base53=/work/scratch/base53/build/gppc:mm r320=/work/scratch/rooms53/gppc-v1:mm \
           r400=/work/scratch/rooms53/gppc-v1:mm:reach=400 r480=/work/scratch/rooms53/gppc-v1:mm:reach=480; do
    n=${b%%=*}; rest=${b#*=}; bin=${rest%%:*}; e=${rest#*:}
    echo "$n $($bin --entry $e -full $M $S 2>/dev/null | grep SUMMARY | tr ' \t' '\n\n' | grep '^total_cpu_s=')"
  done
done
