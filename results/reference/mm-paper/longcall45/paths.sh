#!/bin/bash
# paths.sh BIN_A BIN_B MAP...: --paths md5 of both binaries on each map
B=/work/shared/benchmarks; A=$1; Bb=$2; shift 2
for m in "$@"; do
  a=$($A --entry mm --paths /tmp/lc45a.txt -full $B/maps/$m.map $B/scenarios/$m.map.scen >/dev/null 2>&1; md5sum < /tmp/lc45a.txt | cut -c1-12)
  b=$($Bb --entry mm --paths /tmp/lc45b.txt -full $B/maps/$m.map $B/scenarios/$m.map.scen >/dev/null 2>&1; md5sum < /tmp/lc45b.txt | cut -c1-12)
  echo "$m $a $b $([ $a = $b ] && echo same || echo DIFF)"
done
