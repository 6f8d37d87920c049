#!/bin/bash
# paths.sh BIN TAG MAP...: mm -full with a fresh pre-dir, --paths; md5 of each map's paths
BIN=$1; TAG=$2; shift 2; B=/work/shared/benchmarks; D=/work/scratch/jpsfast51/paths/$TAG
rm -rf $D; mkdir -p $D/pre
for fm in "$@"; do f=${fm%%/*}; m=${fm#*/}
  $BIN --entry mm -full --pre-dir $D/pre --paths $D/$m.paths $B/maps/$f/$m.map $B/scenarios/$f/$m.map.scen > $D/$m.out 2>&1
  echo "$m $(md5sum < $D/$m.paths | cut -c1-8) $(tr ' ' '\n' < $D/$m.out | grep -E '^(invalid|mm_bytes|mm_bytes_jps)=' | tr '\n' ' ')"
done
