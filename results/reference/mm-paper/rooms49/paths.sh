#!/bin/bash
# paths.sh BIN TAG MAP...: -full --paths per map (fresh pre-dir), md5 + SUMMARY subopt
BIN=$1; TAG=$2; shift 2; B=/work/shared/benchmarks
mkdir -p paths/$TAG
for fm in "$@"; do f=${fm%%/*}; m=${fm#*/}
  pd=$(mktemp -d /work/scratch/rooms49/pre.XXXX)
  $BIN --entry mm --paths paths/$TAG/$m.paths -full --pre-dir $pd $B/maps/$f/$m.map $B/scenarios/$f/$m.map.scen > paths/$TAG/$m.out 2>/dev/null
  rm -rf $pd
  echo "$m $(md5sum < paths/$TAG/$m.paths | cut -c1-12) $(grep -o 'subopt_mean=[0-9.]*\|invalid=[0-9]*' paths/$TAG/$m.out | tr '\n' ' ')"
done
