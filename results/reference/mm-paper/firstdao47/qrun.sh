#!/bin/bash
# qrun.sh TAG "ENV" OPTS MAPLIST: per-query CSV natively
TAG=$1; ENVS=$2; OPTS=$3; LIST=$4; B=/work/shared/benchmarks; mkdir -p q/$TAG
cat $LIST | xargs -P2 -I{} sh -c "env $ENVS /work/scratch/firstdao47/instr/build/gppc --entry mm$OPTS --csv q/$TAG/{}.csv --csv-extra -full $B/maps/dao/{}.map $B/scenarios/dao/{}.map.scen > q/$TAG/{}.out 2>/dev/null"
