#!/bin/bash
# paths.sh BIN_A BIN_B MAP...: --paths md5 of both binaries on each map (fresh preprocessing each), invalid counts, mm_bytes and budget share
B=/work/shared/benchmarks; A=$1; Bb=$2; shift 2; S=/work/scratch/calls49/paths; rm -rf $S; mkdir -p $S/preA $S/preB
for m in "$@"; do x=$(basename $m)
  $A --entry mm --pre-dir $S/preA --paths $S/$x.A -full $B/maps/$m.map $B/scenarios/$m.map.scen > $S/$x.A.sum 2>&1
  $Bb --entry mm --pre-dir $S/preB --paths $S/$x.B -full $B/maps/$m.map $B/scenarios/$m.map.scen > $S/$x.B.sum 2>&1
  a=$(md5sum < $S/$x.A | cut -c1-12); b=$(md5sum < $S/$x.B | cut -c1-12)
  ba=$(grep -o ' mm_bytes=[0-9]*' $S/$x.A.sum | head -1 | cut -d= -f2); bb=$(grep -o ' mm_bytes=[0-9]*' $S/$x.B.sum | head -1 | cut -d= -f2)
  echo "$x $a $b $([ $a = $b ] && echo same || echo DIFFER) $(grep -o 'invalid=[0-9]*' $S/$x.A.sum | head -1) $(grep -o 'invalid=[0-9]*' $S/$x.B.sum | head -1) mm_bytes $ba $bb"
done
