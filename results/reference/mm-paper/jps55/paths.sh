#!/bin/bash
# paths.sh BIN TAG ENTRY MAPS...: md5 of --paths for each map (FAMILY/NAME), fresh pre-dir
BIN=$1; TAG=$2; ENTRY=$3; shift 3
B=/work/shared/benchmarks
for m in "$@"; do
  f=${m%%/*}; n=${m#*/}
  d=$(mktemp -d /work/scratch/jps55/pre.XXXX)
  $BIN --entry $ENTRY --paths /work/scratch/jps55/p.$TAG.$ENTRY.$n -full --pre-dir $d $B/maps/$f/$n.map $B/scenarios/$f/$n.map.scen > /work/scratch/jps55/out.$TAG.$ENTRY.$n 2>&1
  echo "$m $(md5sum < /work/scratch/jps55/p.$TAG.$ENTRY.$n | cut -c1-12) $(grep -o 'invalid[=: ]*[0-9]*' /work/scratch/jps55/out.$TAG.$ENTRY.$n | head -1)"
  rm -rf $d
done
