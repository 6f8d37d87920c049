#!/bin/sh
# --changes on five DAO maps at the final commit (thread-CPU build).
S=/work/scratch/d32; B=/work/shared/benchmarks; G=$S/cpuclk/build/gppc; : > $S/changes_final.txt
for m in arena2 brc202d den520d orz900d lak303d; do
  $G --entry mm --pre-dir $S/pre_ch_final --changes $S/ch_$m.txt -full $B/maps/dao/$m.map $B/scenarios/dao/$m.map.scen 2>/dev/null | grep '^SUMMARY' | tr ' ' '\n' | \
    grep -E '^(queries|invalid|skipped|updates|update_us_mean|update_us_p99|update_us_max|total_s|ch_refreshes|ch_reshaped)=' | tr '\n' ' ' | sed "s/^/$m /" >> $S/changes_final.txt
  echo >> $S/changes_final.txt
done
echo done >> $S/changes_final.txt
