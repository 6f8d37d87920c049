#!/bin/bash
# Every archived classic entry (gppc-dev/algorithm-archive classic/2023) and our jps through the driver,
# -check, --time-limit 60 per run, on maps no test uses (scen/: outside maps with scengen scenarios,
# benchmark maps with every 10th query). One line per (entry, map) in runs.txt.
# usage: runarch.sh ENTRY... (jps or an archive folder name under classic/2023)
A=/work/scratch/hyg43/arch; G=${G:-/work/scratch/base43/build/gppc}
export GPPC_EXT_CACHE=$A/cache
MAPS="2x1 fixed-tree fixed-tunnel maze-32-32-2 random-64-64-20 room-64-64-8 hrt201n lak104d ht_chantry Paris_1_256 Boston_0_256 warehouse-20-40-10-2-2 64room_005 AR0603SR"
for e in "$@"; do
  if [ $e = jps ]; then spec=jps; else spec=ext:$A/classic/2023/$e; fi
  for m in $MAPS; do
    o=$A/out/$e.$m; t0=$(date +%s.%N)
    timeout 300 $G --entry $spec --pre-dir $A/pre/$e --time-limit 60 -check $A/scen/$m.map $A/scen/$m.map.scen > $o.out 2> $o.err
    rc=$?
    echo "$e $m rc=$rc wall=$(printf %.1f $(echo "$(date +%s.%N) - $t0" | bc)) $(grep SUMMARY $o.out | grep -oE ' (queries|valid|invalid|total_s|subopt_mean|subopt_max|mem_kb|pre_s|storage_kb)=[^ ]*' | tr -d '\n') | $(grep -v 'has no proven suboptimality\|^gppc: ext:.*object\|Loaded\|^ext_build' $o.err | tail -1 | cut -c1-200)" >> $A/runs.txt
  done
done
