#!/bin/bash
# callgrind instructions of mm_get_path (and the whole run), base50 against a build: cg.sh BIN TAG family/map...
bin=$1; tag=$2; shift 2
B=/work/shared/benchmarks
for m in "$@"; do
  n=$(basename $m); f=$(dirname $m)
  d=$(mktemp -d /tmp/cg_pre.XXXX)
  valgrind --tool=callgrind --callgrind-out-file=cg_${tag}_$n.out --toggle-collect=mm_get_path $bin --entry mm -full --pre-dir $d $B/maps/$f/$n.map $B/scenarios/$f/$n.map.scen > /dev/null 2>cg_${tag}_$n.err
  echo "$tag $n $(callgrind_annotate cg_${tag}_$n.out 2>/dev/null | grep -m1 'PROGRAM TOTALS')"
  rm -rf $d
done
