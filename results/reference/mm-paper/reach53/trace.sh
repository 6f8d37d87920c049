#!/bin/bash
# trace.sh OUTDIR: every dao map with MM_TRACE (route vs octile of each query past the reach) + per-query csv
OUT=$1; B=/work/shared/benchmarks; mkdir -p $OUT; T=$(mktemp -d /work/scratch/reach53/fullpre.XXXX)
for f in $B/maps/dao/*.map; do
  m=$(basename $f .map); rm -rf $T/*
  MM_TRACE=1 ./gppc-exp1 --entry mm --pre-dir $T -full --csv $OUT/$m.csv --csv-extra $f $B/scenarios/dao/$m.map.scen 2> $OUT/$m.tr >/dev/null
done
rm -rf $T
