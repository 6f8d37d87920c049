#!/bin/bash
# Maps with r58's 500-change files: runs (A) against lead (B), 3 interleaved rounds, each call's least CPU.
A=$1; B=$2; O=/work/scratch/r60/chg8; BD=/work/shared/benchmarks; C=/work/scratch/r58/chg
LEAST=/work/main/results/reference/mm-paper/calls40/least.py
for fm in ${MAPS:-dao/brc202d rooms/16room_003 mazes/maze512-4-0 dao/orz900d}; do
  f=${fm%%/*}; m=${fm#*/}; M=$BD/maps/$f/$m.map; S=$BD/scenarios/$f/$m.map.scen
  for b in a:$A b:$B; do n=${b%%:*}; g=${b#*:}; mkdir -p $O/pre-$n; $g --entry mm --pre-dir $O/pre-$n -pre $M > /dev/null; done
  for r in 1 2 3; do order="a:$A b:$B"; [ $((r % 2)) = 0 ] && order="b:$B a:$A"
    for b in $order; do n=${b%%:*}; g=${b#*:}
      $g --entry mm --pre-dir $O/pre-$n --changes $C/$m.chg -run $M $S --cpu-clock call --calls $O/$n-$m-$r.calls > $O/$n-$m-$r.out 2>&1 || echo "$n $m $r exit $?"
    done; done
  for n in a b; do s=$(grep -o " invalid=[0-9]*\|subopt_mean=[0-9.]*\|wait_moves=[0-9]*" $O/$n-$m-1.out | tr '\n' ' '); echo "$m $n $(python3 $LEAST $O/$n-$m-*.calls) $s"; done
done
