#!/bin/bash
# famrun.sh BIN TAG FAMILY EVERY: -full SUMMARY of every EVERY-th map of FAMILY into fam/TAG-FAMILY/MAP.out
BIN=$1; TAG=$2; F=$3; E=${4:-1}; B=/work/shared/benchmarks
mkdir -p fam/$TAG-$F; i=0
for f in $B/maps/$F/*.map; do m=$(basename $f .map)
  if [ $((i % E)) = 0 ] && [ ! -s fam/$TAG-$F/$m.out ]; then
    $BIN --entry mm -full $f $B/scenarios/$F/$m.map.scen | grep SUMMARY > fam/$TAG-$F/$m.out
  fi; i=$((i+1))
done
