#!/bin/bash
# usage: randfit45-sweep.sh BIN SPEC OUTTAG MAP...   one whole-scenario run a map: SUMMARY's subopt, bytes by part
BIN=$1; SPEC=$2; TAG=$3; shift 3
B=/work/shared/benchmarks
for m in "$@"; do
  s=$($BIN --entry "$SPEC" -full $B/maps/random/$m.map $B/scenarios/random/$m.map.scen 2>&1 | grep ^SUMMARY)
  f() { echo "$s" | tr ' ' '\n' | grep "^$1=" | cut -d= -f2; }
  echo "$TAG $m $(f subopt_mean) $(f subopt_max) $(f mm_bytes) reg=$(f mm_bytes_region) abs=$(f mm_bytes_abs) idx=$(f mm_bytes_index) legs=$(f mm_bytes_legs) jps=$(f mm_bytes_jps) ref=$(f mm_bytes_refiner) grown=$(f jps_grown) det=$(f detour) sc=$(f scattered) rpsec=$(f regions)/$(f sectors) inv=$(f invalid)"
done
