#!/bin/bash
# full.sh BIN LABEL OUT.csv: every dao map, mm with its defaults, -full on a fresh pre-dir; one CSV row per map
BIN=$1; LABEL=$2; OUT=$3; B=/work/shared/benchmarks; T=$(mktemp -d /work/scratch/first52/fullpre.XXXX)
echo "binary,family,map,cells,budget,mm_bytes,profile,subopt_mean,subopt_max,invalid,total_s" > $OUT
for f in $B/maps/dao/*.map; do
  m=$(basename $f .map); rm -rf $T/*
  s=$($BIN --entry mm --pre-dir $T -full $f $B/scenarios/dao/$m.map.scen | grep SUMMARY)
  w=$(sed -n 's/^width //p' $f); h=$(sed -n 's/^height //p' $f); cells=$((w*h)); budget=$((65536 + cells*3/8))
  g(){ echo "$s" | tr ' ' '\n' | sed -n "s/^$1=//p"; }
  echo "$LABEL,dao,$m,$cells,$budget,$(g mm_bytes),$(g profile),$(g subopt_mean),$(g subopt_max),$(g invalid),$(g total_s)" >> $OUT
done
rm -rf $T
