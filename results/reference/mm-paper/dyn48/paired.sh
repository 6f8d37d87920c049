#!/bin/sh
# paired.sh NOWBIN DIR: base48 and NOWBIN on switch_sc1 (-full, --cpu-clock query), in turn, 3 rounds;
# query_cpu_max_us, total_cpu_s, rederive_us_max. paired.txt: NOWBIN d50cbb1's (v5), DIR .../paired;
# paired6.txt: 6d89cb7's (v6), DIR .../paired6.
S=/work/scratch/dyn48/kd/data/switch_sc1_Aurora_TheFrozenSea.scen; NOW=$1; D=$2; mkdir -p $D
for r in 1 2 3; do
  for L in base now; do
    B=/work/scratch/base48/build/gppc; [ $L = now ] && B=$NOW
    rm -rf $D/pre.$L; mkdir -p $D/pre.$L
    $B --entry mm --pre-dir $D/pre.$L --cpu-clock query -full $S > $D/$L.$r.out 2>&1
    echo "$r $L $(grep -o 'query_cpu_max_us=[0-9.]*\|total_cpu_s=[0-9.]*\|rederive_us_max=[0-9.]*\|invalid=[0-9]*' $D/$L.$r.out | tr '\n' ' ')"
  done
done
