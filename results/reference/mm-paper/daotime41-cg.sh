#!/bin/sh
# daotime41: instructions of the entry's *_get_path over a whole dao scenario.
# $1 tag, $2 entry spec, $3 map; GPPC= the binary. Writes $D/ir/tot.TAG.MAP.
B=/work/shared/benchmarks
D=/work/scratch/daotime41
valgrind --tool=callgrind --toggle-collect='*_get_path' --callgrind-out-file=$D/ir/cg.$1.$3 ${GPPC:-$D/gppc_t1} --entry "$2" -full $B/maps/dao/$3.map $B/scenarios/dao/$3.map.scen > $D/ir/out.$1.$3 2>&1
echo "$3 $1 $(callgrind_annotate $D/ir/cg.$1.$3 2>/dev/null | grep 'PROGRAM TOTALS' | awk '{print $1}') $(grep SUMMARY $D/ir/out.$1.$3 | grep -o 'subopt_mean=[^ ]*\|profile=[^ ]*\|mm_bytes=[^ ]*\|queries=[^ ]*\|jps=[^ ]*\|jps_capped=[^ ]*\|near=[^ ]*' | tr '\n' ' ')" > $D/ir/tot.$1.$3
