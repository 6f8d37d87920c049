#!/bin/bash
# redo.sh BIN LABEL OUTDIR MAP [OPTS]: one map's row of fullx.sh again (replaces its row in OUTDIR/sum.csv)
BIN=$1; LABEL=$2; OUT=$3; m=$4; OPTS=$5; B=/work/shared/benchmarks; T=$(mktemp -d /work/scratch/reach53/fullpre.XXXX); f=$B/maps/dao/$m.map
s=$($BIN --entry mm$OPTS --pre-dir $T -full --csv $OUT/$m.csv --csv-extra $f $B/scenarios/dao/$m.map.scen | grep SUMMARY)
w=$(sed -n 's/^width //p' $f); h=$(sed -n 's/^height //p' $f); cells=$((w*h)); budget=$((65536 + cells*3/8))
g(){ echo "$s" | tr ' ' '\n' | sed -n "s/^$1=//p"; }
row="$LABEL,dao,$m,$cells,$budget,$(g mm_bytes),$(g profile),$(g subopt_mean),$(g subopt_max),$(g invalid),$(g total_s),$(g jps_far),$(g jps_detour)"
sed -i "/^$LABEL,dao,$m,/c\\$row" $OUT/sum.csv; rm -rf $T
