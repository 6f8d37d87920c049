#!/bin/bash
# switch_sc1 by the clock: base49 and the final tree, -run (after -pre) and -full, 5 rounds in turn
S=/work/scratch/final49/kd/data/switch_sc1_Aurora_TheFrozenSea.scen; P=/work/scratch/final49/pair
mkdir -p $P
for n in base49:/work/scratch/base49/build/gppc now:/work/scratch/final49/tree/build/gppc; do
  ${n#*:} --entry mm --pre-dir $P/${n%%:*} -pre $S > /dev/null 2>&1; done
for r in 1 2 3 4 5; do for n in base49:/work/scratch/base49/build/gppc now:/work/scratch/final49/tree/build/gppc; do for m in -run -full; do
  ${n#*:} --entry mm --pre-dir $P/${n%%:*} $m $S > $P/out 2>/dev/null
  echo "$r ${n%%:*} $m $(grep -o 'total_s=[0-9.]*\|total_cpu_s=[0-9.]*' $P/out | head -2 | tr '\n' ' ')"
done; done; done
