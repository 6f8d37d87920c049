#!/bin/bash
# usage: cg.sh NAME GPPC FAMILY MAP
B=/work/shared/benchmarks
nice valgrind --tool=callgrind --callgrind-out-file=cg_$1_$4.out --toggle-collect=mm_get_path $2 --entry mm --pre-dir pre_$1 -run $B/maps/$3/$4.map $B/scenarios/$3/$4.map.scen > cgrun_$1_$4.out 2>/dev/null
