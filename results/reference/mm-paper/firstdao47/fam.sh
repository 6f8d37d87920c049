#!/bin/bash
# fam.sh BIN TAG [OPTS]: all dao maps natively, query-weighted subopt
BIN=$1; TAG=$2; OPTS=${3:-}; B=/work/shared/benchmarks; mkdir -p f/$TAG
ls $B/maps/dao/*.map | xargs -n1 basename | sed 's/.map$//' | xargs -P2 -I{} sh -c "$BIN --entry mm$OPTS -full $B/maps/dao/{}.map $B/scenarios/dao/{}.map.scen > f/$TAG/{}.out 2>/dev/null"
python3 /work/scratch/firstdao47/fsum.py f/$TAG
