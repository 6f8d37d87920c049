#!/bin/bash
# runall.sh BIN OUTDIR FAMILY: one -full run per map, SUMMARY kept
BIN=$1; OUT=$2; FAM=$3; B=/work/shared/benchmarks
mkdir -p $OUT
for m in $B/maps/$FAM/*.map; do n=$(basename $m .map); d=$(mktemp -d /work/scratch/mem54/pre.XXXX)
  $BIN --entry mm -full --pre-dir $d $m $B/scenarios/$FAM/$n.map.scen 2>&1 | grep SUMMARY > $OUT/$n.sum; rm -rf $d; done
