#!/bin/bash
# cg20.sh BIN TAG MAP...: first-20 callgrind (CG_FIRST20=1) of mm -run on FAMILY/MAP with pre files in PRE
BIN=$1; TAG=$2; shift 2; B=/work/shared/benchmarks; PRE=/work/scratch/jpsfast51/pre
mkdir -p $TAG
for fm in "$@"; do
  f=${fm%%/*}; m=${fm#*/}
  [ -f $PRE/done.$m ] || { $BIN --entry mm -pre --pre-dir $PRE $B/maps/$f/$m.map $B/scenarios/$f/$m.map.scen >/dev/null 2>&1; touch $PRE/done.$m; }
  CG_FIRST20=1 valgrind --tool=callgrind --collect-atstart=no --callgrind-out-file=$TAG/$m.cg $BIN --entry mm -run --pre-dir $PRE $B/maps/$f/$m.map $B/scenarios/$f/$m.map.scen > $TAG/$m.out 2>/dev/null
done
