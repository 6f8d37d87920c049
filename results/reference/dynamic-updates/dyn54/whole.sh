#!/bin/bash
# Whole-run instructions of mm's get_path + update on switch_sc1 (as dyn_bench.py --instructions counts them).
S=/work/scratch/final51/kd/data/switch_sc1_Aurora_TheFrozenSea.scen
for b in base:/work/scratch/base54/build/gppc p2:/work/scratch/dyn54/gppc.p2; do l=${b%%:*}; g=${b#*:}
  valgrind --tool=callgrind --callgrind-out-file=/work/scratch/dyn54/whole_$l.cg $g --entry mm -full $S > /dev/null 2>&1
  callgrind_annotate --inclusive=yes /work/scratch/dyn54/whole_$l.cg | grep -E "entries/\S+:(\w+_get_path|\w*update)\s|abs_ch_refresh |region_search_run "
done
