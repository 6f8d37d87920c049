#!/bin/bash
# SUMMARY after prepare and query 0 only, per map: BIN OUTDIR
BIN=$1; OUT=$2; B=/work/shared/benchmarks; mkdir -p $OUT/pre
for f in dao rooms random mazes; do for m in $B/maps/$f/*.map; do n=$(basename $m .map); echo "$f $n $m $B/scenarios/$f/$n.map.scen"; done; done |
xargs -P 2 -L 1 bash -c 'mkdir -p '$OUT'/pre/$1; '$BIN' --entry mm --query 0 --pre-dir '$OUT'/pre/$1 -full $2 $3 2>/dev/null | grep ^SUMMARY | sed "s/^/$0 $1 /" > '$OUT'/$1.sum; rm -rf '$OUT'/pre/$1'
