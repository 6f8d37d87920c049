#!/bin/bash
# m.sh BIN TAG OPTS MAP... : per map first-20 Ir (CG_FIRST20=1, instrumented driver), whole Ir (*_get_path), SUMMARY line
BIN=$1; TAG=$2; OPTS=$3; shift 3; B=/work/shared/benchmarks
mkdir -p $TAG
for m in "$@"; do
  rm -rf $TAG/pre-$m; mkdir -p $TAG/pre-$m
  $BIN --entry mm$OPTS --pre-dir $TAG/pre-$m -pre $B/maps/dao/$m.map >/dev/null 2>&1
  $BIN --entry mm$OPTS --pre-dir $TAG/pre-$m --paths $TAG/$m.paths -run $B/maps/dao/$m.map $B/scenarios/dao/$m.map.scen | grep SUMMARY > $TAG/$m.sum
  CG_FIRST20=1 valgrind --tool=callgrind --collect-atstart=no --callgrind-out-file=$TAG/$m.f20.cg $BIN --entry mm$OPTS --pre-dir $TAG/pre-$m -run $B/maps/dao/$m.map $B/scenarios/dao/$m.map.scen >/dev/null 2>&1
  valgrind --tool=callgrind --toggle-collect='*_get_path' --callgrind-out-file=$TAG/$m.all.cg $BIN --entry mm$OPTS --pre-dir $TAG/pre-$m -run $B/maps/dao/$m.map $B/scenarios/dao/$m.map.scen >/dev/null 2>&1
done
