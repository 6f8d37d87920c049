#!/bin/sh
# usage: dyn32b_changes.sh B0 B1 CHDIR: --changes on five DAO maps, mm of builds B0 (before) and
# B1 (after) interleaved map by map; CHDIR holds ch_MAP.txt from
# `scripts/genchanges.py --changes 500 --batch 5 --seed 32 MAP SCEN CHDIR/ch_MAP.txt`.
B=${GPPC_BENCH_DIR:-/work/shared/benchmarks}
for m in arena2 brc202d den520d orz900d lak303d; do for v in before after; do
  [ $v = before ] && G=$1 || G=$2
  printf '%s %s ' "$m" "$v"
  $G --entry mm --changes "$3/ch_$m.txt" -full "$B/maps/dao/$m.map" "$B/scenarios/dao/$m.map.scen" 2>/dev/null |
    grep '^SUMMARY' | tr ' ' '\n' | grep -E '^(queries|invalid|updates|rederivations|update_work_us_mean|total_s)=' | tr '\n' ' '
  echo
done; done
