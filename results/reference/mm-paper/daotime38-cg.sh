#!/bin/sh
# $1 tag $2 bin $3 map
B=/work/shared/benchmarks
valgrind --tool=callgrind --toggle-collect=mm_get_path --callgrind-out-file=ir/cg.$1.$3 $2 --entry mm -full --pre-dir /work/scratch/daotime38/pre_ir_$1 $B/maps/dao/$3.map $B/scenarios/dao/$3.map.scen > ir/out.$1.$3 2>&1
echo "$1 $3 $(callgrind_annotate ir/cg.$1.$3 2>/dev/null | grep 'PROGRAM TOTALS' | awk '{print $1}')" > ir/tot.$1.$3
