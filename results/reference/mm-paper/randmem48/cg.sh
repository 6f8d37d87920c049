#!/bin/bash
# cg.sh BIN OUTDIR FAM MAP... : callgrind instructions of mm_get_path, paths md5 (fresh preprocessing each)
BIN=$1; OUT=$2; FAM=$3; shift 3; mkdir -p $OUT
for m in "$@"; do
  d=$(mktemp -d /work/scratch/randmem48/tmp.XXXX); cd $d
  valgrind --tool=callgrind --toggle-collect=mm_get_path --callgrind-out-file=$OUT/$m.cg $BIN --entry mm --pre-dir $d -full --paths $OUT/$m.paths /work/shared/benchmarks/maps/$FAM/$m.map /work/shared/benchmarks/scenarios/$FAM/$m.map.scen > $OUT/$m.out 2>&1
  ir=$(callgrind_annotate $OUT/$m.cg 2>/dev/null | grep 'PROGRAM TOTALS' | awk '{print $1}')
  echo "$m $ir $(md5sum < $OUT/$m.paths | cut -c1-12) $(grep -o 'invalid=[0-9]*' $OUT/$m.out | head -1) $(grep -o 'subopt_mean=[0-9.]*' $OUT/$m.out | head -1) $(grep -o 'profile=[a-z-]*' $OUT/$m.out | head -1)" >> $OUT/ir.txt
  cd /; rm -rf $d
done
