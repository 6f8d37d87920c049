#!/bin/bash
# run.sh TAG "ENV" OPTS : the 68 default dao maps natively
TAG=$1; ENVS=$2; OPTS=$3; B=/work/shared/benchmarks
mkdir -p r/$TAG
for f in log/*.out; do m=$(basename $f .out); grep -q "profile=default" $f && echo $m; done | xargs -P2 -I{} sh -c "env $ENVS instr/build/gppc --entry mm$OPTS -full $B/maps/dao/{}.map $B/scenarios/dao/{}.map.scen > r/$TAG/{}.out 2>/dev/null"
python3 sub.py $TAG
