#!/bin/bash
# cgs.sh BIN TAG [OPTS]: first-20 callgrind over the dao sample, 2 at a time
BIN=$1; TAG=$2; OPTS=${3:-}; B=/work/shared/benchmarks; mkdir -p $TAG
for fm in $(cat /work/scratch/firstdao47/sample.txt); do echo $fm; done | xargs -P2 -I{} sh -c 'fm={}; m=${fm#*/}; CG_FIRST20=1 valgrind --tool=callgrind --collect-atstart=no --callgrind-out-file='$TAG'/$m.cg '$BIN' --entry mm'$OPTS' -full '$B'/maps/$fm.map '$B'/scenarios/$fm.map.scen > '$TAG'/$m.out 2>/dev/null'
python3 /work/scratch/firstdao47/cgsum.py $TAG
