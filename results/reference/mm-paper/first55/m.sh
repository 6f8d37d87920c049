#!/bin/bash
# m.sh BIN TAG MAP... : per map first-20 Ir (CG_FIRST20=1, instrumented driver), SUMMARY line, paths
BIN=$1; TAG=$2; shift 2; E="mm${OPTS:+:$OPTS}"; B=/work/shared/benchmarks
mkdir -p $TAG
for m in "$@"; do
  rm -rf $TAG/pre-$m; mkdir -p $TAG/pre-$m
  $BIN --entry $E --pre-dir $TAG/pre-$m -pre $B/maps/dao/$m.map >/dev/null 2>&1
  $BIN --entry $E --pre-dir $TAG/pre-$m --paths $TAG/$m.paths -run $B/maps/dao/$m.map $B/scenarios/dao/$m.map.scen | grep SUMMARY > $TAG/$m.sum
  CG_FIRST20=1 valgrind --tool=callgrind --collect-atstart=no --callgrind-out-file=$TAG/$m.f20.cg $BIN --entry $E --pre-dir $TAG/pre-$m -run $B/maps/dao/$m.map $B/scenarios/dao/$m.map.scen >/dev/null 2>&1
done
