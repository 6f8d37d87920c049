#!/bin/bash
# cgl.sh BIN TAG LIST [OPTS]: first-20 callgrind over the dao maps in LIST, 2 at a time
BIN=$1; TAG=$2; LIST=$3; OPTS=${4:-}; B=/work/shared/benchmarks; mkdir -p $TAG
cat $LIST | xargs -P2 -I{} sh -c 'm={}; [ -s '$TAG'/$m.cg ] || CG_FIRST20=1 valgrind --tool=callgrind --collect-atstart=no --callgrind-out-file='$TAG'/$m.cg '$BIN' --entry mm'$OPTS' -full '$B'/maps/dao/$m.map '$B'/scenarios/dao/$m.map.scen > '$TAG'/$m.out 2>/dev/null'
