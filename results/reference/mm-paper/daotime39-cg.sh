#!/bin/sh
# $1 option tag, $2 entry spec, $3 map
B=/work/shared/benchmarks
valgrind --tool=callgrind --toggle-collect=mm_get_path --callgrind-out-file=ir/cg.$1.$3 ${GPPC:-build/gppc} --entry "$2" -full $B/maps/dao/$3.map $B/scenarios/dao/$3.map.scen > ir/out.$1.$3 2>&1
echo "$3 $1 $(callgrind_annotate ir/cg.$1.$3 2>/dev/null | grep 'PROGRAM TOTALS' | awk '{print $1}') $(grep SUMMARY ir/out.$1.$3 | grep -o 'subopt_mean=[^ ]*\|profile=[^ ]*\|mm_bytes=[^ ]*' | tr '\n' ' ')" > ir/tot.$1.$3
