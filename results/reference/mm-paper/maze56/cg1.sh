#!/bin/bash
# cg1.sh BIN MAP Q C OUT: callgrind Ir of one GetPath call (query Q, call C) on MAP, -full run (instrumented driver: rooms48/scratch-replay.patch on base56, CG_FIRST20=3)
BIN=$1; m=$2; B=/work/shared/benchmarks; d=$(mktemp -d /work/scratch/maze56/pre.XXXX)
CG_FIRST20=3 CG_Q=$3 CG_C=$4 valgrind --tool=callgrind --collect-atstart=no --callgrind-out-file=$5 $BIN --entry mm -full --pre-dir $d $B/maps/mazes/$m.map $B/scenarios/mazes/$m.map.scen > /dev/null 2>&1
rm -rf $d; callgrind_annotate --inclusive=yes $5 2>/dev/null | sed -n '/Ir/,$p' | head -40
