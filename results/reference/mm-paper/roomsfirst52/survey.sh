#!/bin/bash
# survey.sh BIN TAG SMALL LARGE: route51/paths.sh over the 40 rooms maps, TRYREACH=SMALL on 8/16room, LARGE on 32/64room (empty: unset)
BIN=$1; TAG=$2; S=$3; L=$4
for m in $(ls /work/shared/benchmarks/maps/rooms | sed 's/\.map$//'); do
  case $m in 8room*|16room*) R=$S;; *) R=$L;; esac
  if [ -n "$R" ]; then TRYREACH=$R bash /work/main/results/reference/mm-paper/route51/paths.sh $BIN $TAG rooms/$m; else bash /work/main/results/reference/mm-paper/route51/paths.sh $BIN $TAG rooms/$m; fi
done > $TAG.txt
