#!/bin/sh
# paired -full rounds, base45 (9a0efa9) against this branch's binary, each binary once a round in turn
D=/work/scratch/dynheap45; K=$D/kd/data
for r in 1 2 3; do for b in /work/scratch/base45/build/gppc $D/v7/gppc; do for s in switch_sc1_Aurora_TheFrozenSea dao_arena2; do
  l=$(case $b in *base45*) echo base45;; *) echo now;; esac)
  /usr/bin/time -f "%e %M" -o $D/paired/t.$$ $b --entry mm -full $K/$s.scen | grep SUMMARY | tr ' ' '\n' | grep -E "^(total_s|total_cpu_s|invalid|subopt_mean|valid)=" | tr '\n' ' ' | sed "s/^/$r $l $s /"
  echo " rss_kb=$(cut -d' ' -f2 $D/paired/t.$$)"
done; done; done
