#!/bin/bash
# fam.sh BIN TAG FAMILY [MAPGLOB]: each map -full, one SUMMARY line kept per map (TAG/FAMILY.txt)
BIN=$1; TAG=$2; F=$3; G=${4:-*}; B=/work/shared/benchmarks
mkdir -p $TAG
: > $TAG/$F.txt
for m in $B/maps/$F/$G.map; do
  n=$(basename $m .map)
  echo "$n $($BIN --entry mm -full $m $B/scenarios/$F/$n.map.scen 2>/dev/null | grep SUMMARY | tr ' ' '\n' | grep -E '^(queries|invalid|subopt_mean|subopt_max|mm_bytes|profile)=' | tr '\n' ' ')" >> $TAG/$F.txt
done
