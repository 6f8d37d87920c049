#!/bin/bash
# Whole-run callgrind of switch_sc1 (mm, -full, fresh pre-dir), base53 against dyn53's build;
# then the rebuild's parts: callgrind_annotate --inclusive=yes --tree=calling cg.LABEL.switch
K=/work/scratch/final51/kd/data; cd ${OUT:-/work/scratch/dyn53}
for b in base53:/work/scratch/base53/build/gppc new:${N:-/work/scratch/dyn53/gppc.p1}; do
  l=${b%%:*}; g=${b#*:}; d=$(mktemp -d)
  valgrind --tool=callgrind --callgrind-out-file=cg.$l.switch $g --entry mm --pre-dir $d -full $K/switch_sc1_Aurora_TheFrozenSea.scen > cg.$l.out 2>&1
  rm -rf $d
  callgrind_annotate --inclusive=yes cg.$l.switch | grep -E "PROGRAM TOTALS|mm_get_path|abs_ch_rebuild|abs_ch_topo_order|abs_ch_shape "
done
