#!/bin/sh
# paired -full rounds, base46 (90c931d) against a dyn46 binary ($1), each binary once a round in turn; thread CPU clock
D=/work/scratch/dyn46; K=$D/kd/data; NOW=$1; ROUNDS=${2:-3}
for r in $(seq 1 $ROUNDS); do for b in /work/scratch/base46/build/gppc $NOW; do for s in switch_sc1_Aurora_TheFrozenSea dao_arena2; do
  l=$(case $b in *base46*) echo base46;; *) echo now;; esac)
  $b --entry mm --cpu-clock query -full $K/$s.scen | grep SUMMARY | tr ' ' '\n' | grep -E "^(total_cpu_s|query_cpu_max_us|invalid|subopt_mean|valid)=" | tr '\n' ' ' | sed "s/^/$r $l $s /"
  echo
done; done; done
