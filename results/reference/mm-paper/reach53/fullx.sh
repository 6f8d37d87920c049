#!/bin/bash
# fullx.sh BIN LABEL OUTDIR [OPTS]: every dao map, mm (OPTS appended to the entry, env passed through), -full on a
# fresh pre-dir; OUTDIR/sum.csv one row per map (first52/full.sh's columns), OUTDIR/MAP.csv per query (--csv-extra)
BIN=$1; LABEL=$2; OUT=$3; OPTS=$4; B=/work/shared/benchmarks; mkdir -p $OUT; T=$(mktemp -d /work/scratch/reach53/fullpre.XXXX)
echo "binary,family,map,cells,budget,mm_bytes,profile,subopt_mean,subopt_max,invalid,total_s,jps_far,jps_detour" > $OUT/sum.csv
for f in $B/maps/dao/*.map; do
  m=$(basename $f .map); rm -rf $T/*
  s=$($BIN --entry mm$OPTS --pre-dir $T -full --csv $OUT/$m.csv --csv-extra $f $B/scenarios/dao/$m.map.scen | grep SUMMARY)
  w=$(sed -n 's/^width //p' $f); h=$(sed -n 's/^height //p' $f); cells=$((w*h)); budget=$((65536 + cells*3/8))
  g(){ echo "$s" | tr ' ' '\n' | sed -n "s/^$1=//p"; }
  echo "$LABEL,dao,$m,$cells,$budget,$(g mm_bytes),$(g profile),$(g subopt_mean),$(g subopt_max),$(g invalid),$(g total_s),$(g jps_far),$(g jps_detour)" >> $OUT/sum.csv
done
rm -rf $T
