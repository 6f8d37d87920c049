#!/bin/bash
# Paired clock runs: base54 and the new build interleaved (order alternated),
# ROUNDS rounds, -run after -pre (fresh pre-dir each binary), --cpu-clock call --calls;
# then each call's least CPU time over the rounds (least.py) and the longest call's line.
# usage: clock.sh NEWBIN OUTDIR [ROUNDS]
N=$1; O=$2; R=${3:-3}; B=/work/scratch/base54/build/gppc
LEAST=/work/wt/dyn54/results/reference/mm-paper/calls40/least.py
K=/work/scratch/final51/kd/data
mkdir -p $O
for s in switch_sc1_Aurora_TheFrozenSea dao_arena2; do
  for l in base new; do rm -rf $O/pre_${l}_$s; mkdir -p $O/pre_${l}_$s; g=$([ $l = base ] && echo $B || echo $N)
    $g --entry mm --pre-dir $O/pre_${l}_$s -pre $K/$s.scen > /dev/null 2>&1; done
  for r in $(seq 1 $R); do
    order="base new"; [ $((r % 2)) = 0 ] && order="new base"
    for l in $order; do g=$([ $l = base ] && echo $B || echo $N)
      $g --entry mm --pre-dir $O/pre_${l}_$s -run --cpu-clock call --calls $O/$l.$s.r$r.tsv $K/$s.scen > $O/$l.$s.r$r.sum 2>&1
    done
  done
  for l in base new; do echo "$s $l $(python3 $LEAST $O/$l.$s.r*.tsv)"; done
done
