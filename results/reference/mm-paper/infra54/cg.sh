#!/bin/sh
# cg.sh BIN TAG MAP...: callgrind of mm_get_path (instructions), mm -full, fresh pre-dir
B=/work/shared/benchmarks
BIN=$1; TAG=$2; shift 2
for m in "$@"; do
  n=$(basename $m); d=$(mktemp -d /work/scratch/infra54/pre.XXXX)
  valgrind --tool=callgrind --toggle-collect=mm_get_path --callgrind-out-file=cg/$TAG-$n.cg \
    $BIN --entry mm -full --pre-dir $d $B/maps/$m.map $B/scenarios/$m.map.scen > cg/$TAG-$n.out 2> cg/$TAG-$n.err
  rm -rf $d
  echo "$TAG $n $(grep -E '^(summary|totals):' cg/$TAG-$n.cg | head -1)"
done
