#!/bin/sh
# cg.sh BIN FAM/MAP [env...]: mm_get_path instructions (callgrind, Ir) of one run
B=/work/shared/benchmarks
bin=$1; m=$2; shift 2
out=$(mktemp /tmp/cg.XXXXXX)
env "$@" valgrind --tool=callgrind --toggle-collect=mm_get_path --callgrind-out-file=$out $bin --entry mm -full $B/maps/$m.map $B/scenarios/$m.map.scen >/dev/null 2>&1
grep -E "^summary|^totals" $out | head -1 | awk '{print $2}'
rm -f $out
