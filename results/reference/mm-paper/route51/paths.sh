#!/bin/bash
# paths.sh BIN TAG FAMILY/MAP...: each map's paths (-full, a fresh pre-dir) and their md5
BIN=$1; TAG=$2; shift 2; B=/work/shared/benchmarks
mkdir -p paths-$TAG
for fm in "$@"; do f=${fm%%/*}; m=${fm#*/}; pd=$(mktemp -d)
  $BIN --entry mm --paths paths-$TAG/$m.paths -full --pre-dir $pd $B/maps/$f/$m.map $B/scenarios/$f/$m.map.scen | grep SUMMARY | tr ' \t' '\n\n' | grep -E "^(subopt_mean|subopt_max|invalid|mm_bytes)=" | tr '\n' ' ' > paths-$TAG/$m.sum
  echo "$m $(md5sum < paths-$TAG/$m.paths | cut -c1-12) $(cat paths-$TAG/$m.sum)"; rm -rf $pd
done
