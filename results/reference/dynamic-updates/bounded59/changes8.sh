#!/bin/bash
# The eight maps with 500 random changes (r58's files): main (83ba9e5) against lead59, 3 interleaved rounds, each call's least CPU.
B=/work/scratch/r58/main-final-gppc; L=$1; O=/work/scratch/r59/chg; BD=/work/shared/benchmarks; C=/work/scratch/r58/chg
LEAST=/work/main/results/reference/mm-paper/calls40/least.py
for fm in dao/arena2 dao/brc202d dao/den520d dao/orz900d dao/lak303d rooms/16room_003 random/random512-25-3 mazes/maze512-4-0; do
  f=${fm%%/*}; m=${fm#*/}; M=$BD/maps/$f/$m.map; S=$BD/scenarios/$f/$m.map.scen
  for b in main:$B lead:$L; do n=${b%%:*}; g=${b#*:}; $g --entry mm --pre-dir $O/pre-$n -pre $M > /dev/null; done
  for r in 1 2 3; do order="main:$B lead:$L"; [ $((r % 2)) = 0 ] && order="lead:$L main:$B"
    for b in $order; do n=${b%%:*}; g=${b#*:}
      $g --entry mm --pre-dir $O/pre-$n --changes $C/$m.chg -run $M $S --cpu-clock call --calls $O/$n-$m-$r.calls > $O/$n-$m-$r.out 2>&1 || echo "$n $m $r exit $?"
    done; done
  for n in main lead; do s=$(grep -o "invalid=[0-9]*\|subopt_mean=[0-9.]*" $O/$n-$m-1.out | tr '\n' ' '); echo "$m $n $(python3 $LEAST $O/$n-$m-*.calls) $s"; done
done
