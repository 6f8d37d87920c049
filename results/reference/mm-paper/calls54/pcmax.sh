#!/bin/bash
# pcmax.sh BIN TAG OPTS MAP...: each GetPath call's Ir (callgrind --dump-after), the most and the median per map
BIN=$1; TAG=$2; OPTS=$3; shift 3; B=/work/shared/benchmarks
for m in "$@"; do
  d=/tmp/c54pc-$TAG-$m; rm -rf $d; mkdir -p $d
  valgrind --tool=callgrind --toggle-collect='*_get_path' --dump-after='*_get_path' --callgrind-out-file=$d/cg $BIN --entry mm$OPTS --pre-dir $TAG/pre-$m -run $B/maps/dao/$m.map $B/scenarios/dao/$m.map.scen >/dev/null 2>&1
  for f in $d/cg.*; do grep -h '^totals' $f | cut -d' ' -f2; done | sort -n | awk -v m=$m -v t=$TAG '{a[NR]=$1; s+=$1} END{print t, m, "calls", NR, "median", a[int((NR+1)/2)], "p99", a[int(NR*0.99)], "max", a[NR], "sum", s}'
  rm -rf $d
done
