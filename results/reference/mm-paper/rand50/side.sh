#!/bin/sh
# side.sh BIN TAG MAPPATH SCENPATH SIDE...: subopt mean/max at each sector side
BIN=$1; TAG=$2; M=$3; S=$4; shift 4
for s in "$@"; do
  d=$(mktemp -d /work/scratch/rand50/pre.XXXX)
  r=$($BIN --entry mm:sector=$s -full --pre-dir $d $M $S 2>&1 | grep -o "subopt_mean=[0-9.]*\|subopt_max=[0-9.]*\|invalid=[0-9]*\| mm_bytes=[0-9]*\|profile=[a-z-]*" | tr '\n' ' ')
  echo "$TAG $(basename $M) side=$s $r"
  rm -rf $d
done
