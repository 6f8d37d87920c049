#!/bin/sh
# usage: dyn32b_kitbench.sh KITDIR ROUNDS SCEN label=LIB.so ...
# The dynamic kit's own runner (KITDIR: a copy of startkit-dynamic after
# ./compile.sh): per round each library in turn is copied to lib/, index_data
# emptied, `./run -full data/SCEN.scen`, and kitcheck.py reads result.csv.
K=$1; R=$2; SC=$3; shift 3; H=$(cd "$(dirname "$0")" && pwd)
cd "$K" || exit 1
for r in $(seq 1 "$R"); do for lb in "$@"; do
  l=${lb%%=*}; so=${lb#*=}
  cp "$so" lib/libGPPCentry.so && rm -rf index_data/* && mkdir -p index_data
  ./run -full "data/$SC.scen" > /dev/null 2> run.err; rc=$?
  echo "round=$r $SC $l rc=$rc $(python3 "$H/kitcheck.py" result.csv)"
done; done
