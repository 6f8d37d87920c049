#!/bin/bash
# cg.sh LABEL BIN MAP...: callgrind instructions inside mm_get_path, whole scenario, -run on pre-base
lab=$1; bin=$2; shift 2
for p in "$@"; do n=$(basename $p .map); f=$(basename $(dirname $p))
  valgrind --tool=callgrind --toggle-collect=mm_get_path --callgrind-out-file=cg/$lab.$n.out $bin --entry mm -run --pre-dir pre-base $p /work/shared/benchmarks/scenarios/$f/$n.map.scen > /dev/null 2> cg/$lab.$n.err
  echo "$lab $n $(grep -o 'Collected : [0-9]*' cg/$lab.$n.err)"
done
