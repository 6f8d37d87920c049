#!/bin/bash
# pcmax.sh BIN TAG OPTS MAP...: -pre then callgrind -run with a dump after each GetPath: the most, p99 and sum of Ir per call
BIN=$1; TAG=$2; OPTS=$3; shift 3; B=/work/shared/benchmarks
for m in "$@"; do
  f=${m%%/*}; n=${m#*/}
  d=/work/scratch/jps55/cg-$TAG-$n; rm -rf $d; mkdir -p $d/pre
  $BIN --entry mm$OPTS --pre-dir $d/pre -pre $B/maps/$f/$n.map $B/scenarios/$f/$n.map.scen >/dev/null 2>&1
  valgrind --tool=callgrind --toggle-collect='*_get_path' --dump-after='*_get_path' --callgrind-out-file=$d/cg $BIN --entry mm$OPTS --pre-dir $d/pre -run $B/maps/$f/$n.map $B/scenarios/$f/$n.map.scen >/dev/null 2>&1
  for x in $d/cg.*; do grep -h '^totals' $x | cut -d' ' -f2; done | sort -n | awk -v m=$n -v t=$TAG '{a[NR]=$1; s+=$1} END{print t, m, "calls", NR, "median", a[int((NR+1)/2)], "p99", a[int(NR*0.99)], "max", a[NR], "sum", s}'
  rm -rf $d
done
