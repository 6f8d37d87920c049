#!/bin/sh
# runmaps.sh BIN TAG MAP...: -full run per map, paths to TAG/MAP.paths, summary lines to TAG/MAP.out
BIN=$1; TAG=$2; shift 2; B=/work/shared/benchmarks
mkdir -p /work/scratch/rand50/$TAG
for m in "$@"; do
  d=$(mktemp -d /work/scratch/rand50/pre.XXXX)
  $BIN --entry mm -full --pre-dir $d --paths /work/scratch/rand50/$TAG/$m.paths $B/maps/random/$m.map $B/scenarios/random/$m.map.scen 2>&1 | grep SUMMARY > /work/scratch/rand50/$TAG/$m.out
  rm -rf $d
done
