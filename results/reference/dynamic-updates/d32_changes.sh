#!/bin/sh
# --changes on five DAO maps, thread-CPU builds of beaca4d (before) and d32, interleaved map by map.
S=/work/scratch/d32; B=/work/shared/benchmarks; : > $S/changes_cpu.txt
for m in arena2 brc202d den520d orz900d lak303d; do for v in before d32; do
  [ $v = before ] && G=$S/base/build/gppc || G=$S/cpuclk/build/gppc
  $G --entry mm --pre-dir $S/pre_ch_$v --changes $S/ch_$m.txt -full $B/maps/dao/$m.map $B/scenarios/dao/$m.map.scen 2>/dev/null | grep '^SUMMARY' | tr ' ' '\n' | \
    grep -E '^(queries|invalid|skipped|updates|update_us_mean|update_us_p99|update_us_max|total_s)=' | tr '\n' ' ' | sed "s/^/$m $v /" >> $S/changes_cpu.txt
  echo >> $S/changes_cpu.txt
done; done
echo done >> $S/changes_cpu.txt
