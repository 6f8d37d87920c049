#!/bin/sh
# rederive.sh DIR BIN: each re-derivation of switch_sc1 on its own (callgrind dumps after every
# call of mm_update.c's rederive, collecting only inside it); -run over a pre-dir made by -pre
cd $1 && valgrind --tool=callgrind --toggle-collect=rederive --dump-after=rederive --callgrind-out-file=r.cg $2 \
  --entry mm --pre-dir ../preb -run /work/scratch/dyn48/kd/data/switch_sc1_Aurora_TheFrozenSea.scen > out 2> err
for i in $(seq 1 19); do echo "$i $(callgrind_annotate r.cg.$i 2>/dev/null | grep 'PROGRAM TOTALS' | awk '{print $1}')"; done
