#!/bin/bash
# fam.sh BIN TAG [OPTS] [PATTERN]: the rooms maps matching PATTERN (default all), -full, SUMMARY kept in TAG/MAP.out
BIN=$1; TAG=$2; OPTS=${3:-}; PAT=${4:-*}; B=/work/shared/benchmarks
mkdir -p $TAG
for f in $B/maps/rooms/$PAT.map; do m=$(basename $f .map)
  $BIN --entry mm$OPTS -full $f $B/scenarios/rooms/$m.map.scen | grep SUMMARY > $TAG/$m.out
done
