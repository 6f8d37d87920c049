#!/bin/bash
# instr.sh BIN ENTRY MAP...: callgrind instructions inside mm_get_path over each map's whole scenario
B=/work/shared/benchmarks; BIN=$1; E=$2; shift 2; mkdir -p /work/scratch/longcall45/ipre
for m in "$@"; do x=$(basename $m)
  o=$(mktemp /tmp/lc44cg.XXXXXX)
  valgrind --tool=callgrind --toggle-collect=mm_get_path --callgrind-out-file=$o $BIN --entry $E --pre-dir /work/scratch/longcall45/ipre -full $B/maps/$m.map $B/scenarios/$m.map.scen >/dev/null 2>&1
  echo "$x $(grep -m1 '^summary:\|^totals:' $o | awk '{print $2}')"; rm -f $o
done
