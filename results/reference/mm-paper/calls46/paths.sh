#!/bin/bash
# paths.sh A B MAP...: --paths md5 of both binaries (and invalid counts)
B=/work/shared/benchmarks; A=$1; Bb=$2; shift 2; W=/work/scratch/calls46/paths; mkdir -p $W
for m in "$@"; do x=$(basename $m); r=""
  for b in $A $Bb; do o=$W/$x.$(basename $b); $b --entry mm --pre-dir $W/pre.$(basename $b) --paths $o.paths -full $B/maps/$m.map $B/scenarios/$m.map.scen > $o.sum 2>&1; r="$r $(md5sum < $o.paths | cut -c1-12) inv=$(tr ' \t' '\n\n' < $o.sum | grep -m1 '^invalid=' | cut -d= -f2)"; done
  echo "$x$r"
done
