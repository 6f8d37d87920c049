#!/bin/sh
# paired -full rounds, base47 (e626780) against a dyn47 binary ($1), each binary once a round in turn; thread CPU clock
D=/work/scratch/dyn47; K=$D/kd/data; NOW=$1; ROUNDS=${2:-3}
for r in $(seq 1 $ROUNDS); do for b in /work/scratch/base47/build/gppc $NOW; do for s in switch_sc1_Aurora_TheFrozenSea dao_arena2; do
  l=$(case $b in *base47*) echo base47;; *) echo now;; esac)
  $b --entry mm --pre-dir $D/pre.$l --cpu-clock query -full $K/$s.scen | grep SUMMARY | tr ' ' '\n' | grep -E "^(total_cpu_s|query_cpu_max_us|invalid|subopt_mean|valid)=" | tr '\n' ' ' | sed "s/^/$r $l $s /"
  echo
done; done; done
