#!/bin/bash
# paths.sh BIN TAG MAP...(family/map): --paths md5 per map, -full (no pre-dir kept)
BIN=$1; TAG=$2; shift 2; B=/work/shared/benchmarks; mkdir -p paths-$TAG
for fm in "$@"; do f=${fm%%/*}; m=${fm#*/}
  $BIN --entry mm --paths paths-$TAG/$m.txt -full $B/maps/$f/$m.map $B/scenarios/$f/$m.map.scen > /dev/null 2>&1
  echo "$m $(md5sum < paths-$TAG/$m.txt | cut -c1-8)"
done
