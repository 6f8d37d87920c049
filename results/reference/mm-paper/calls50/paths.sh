#!/bin/bash
# paths.sh BIN TAG MAP...: --paths md5 (fresh pre-dir), invalid count, mm_bytes
B=/work/shared/benchmarks; BIN=$1; T=$2; shift 2
for M in "$@"; do n=$(basename $M); O=/work/scratch/calls50/paths/$T; rm -rf $O/pre.$n; mkdir -p $O/pre.$n
  $BIN --entry mm --pre-dir $O/pre.$n --paths $O/$n.paths -full $B/maps/$M.map $B/scenarios/$M.map.scen > $O/$n.out 2>&1
  echo "$M $T $(md5sum < $O/$n.paths | cut -c1-8) $(grep -o 'invalid=[0-9]*\|mm_bytes=[0-9]*\|subopt_mean=[0-9.]*' $O/$n.out | tr '\n' ' ')"
done
