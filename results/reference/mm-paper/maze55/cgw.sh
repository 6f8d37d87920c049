#!/bin/bash
# cgw.sh BIN TAG MAP: callgrind Ir inside mm_get_path over the whole scenario (-full, fresh pre-dir)
B=/work/shared/benchmarks; d=$(mktemp -d /work/scratch/maze55/cgpre.XXXX)
valgrind --tool=callgrind --toggle-collect=mm_get_path --callgrind-out-file=cgw_$2_$3.out $1 --entry mm -full --pre-dir $d $B/maps/mazes/$3.map $B/scenarios/mazes/$3.map.scen > /dev/null 2>&1
rm -rf $d; echo "$2 $3 $(callgrind_annotate cgw_$2_$3.out 2>/dev/null | grep 'PROGRAM TOTALS')"
