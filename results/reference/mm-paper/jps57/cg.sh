#!/bin/bash
# cg.sh BIN TAG MAP... : per map first-20 callgrind (CG_FIRST20=1, instrumented driver) + paths md5 from a -full run
BIN=$1; TAG=$2; shift 2; B=/work/shared/benchmarks
mkdir -p $TAG
for m in "$@"; do echo $m; done | xargs -P2 -I{} sh -c 'm={}; CG_FIRST20=1 valgrind --tool=callgrind --collect-atstart=no --callgrind-out-file='$TAG'/$m.cg '$BIN' --entry mm -full '$B'/maps/dao/$m.map '$B'/scenarios/dao/$m.map.scen --paths '$TAG'/$m.paths > '$TAG'/$m.out 2>/dev/null'
