#!/bin/sh
# paths.sh BIN TAG: each map's paths (mm, -full) and SUMMARY, fresh pre-dir per binary
B=/work/shared/benchmarks
BIN=$1; TAG=$2
for m in dao/lak506d dao/brc203d rooms/8room_002 rooms/16room_000; do
  n=$(basename $m); d=$(mktemp -d /work/scratch/infra54/pre.XXXX)
  $BIN --entry mm --paths paths/$TAG-$n.txt -full --pre-dir $d $B/maps/$m.map $B/scenarios/$m.map.scen > paths/$TAG-$n.out 2>&1
  rm -rf $d
done
