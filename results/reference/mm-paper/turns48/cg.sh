#!/bin/bash
# cg.sh BIN OUTDIR MAP... : callgrind instructions of mm_get_path (or jps+ with ENTRY=jps+), paths md5
BIN=$1; OUT=$2; shift 2; mkdir -p $OUT
ENTRY=${ENTRY:-mm}; TOG=${TOG:-mm_get_path}; FAM=${FAM:-dao}
for m in "$@"; do
  d=$(mktemp -d /work/scratch/turns48/tmp.XXXX); cd $d
  valgrind --tool=callgrind --toggle-collect=$TOG --callgrind-out-file=$OUT/$m.cg $BIN --entry $ENTRY -full --paths $OUT/$m.paths /work/shared/benchmarks/maps/$FAM/$m.map /work/shared/benchmarks/scenarios/$FAM/$m.map.scen > $OUT/$m.out 2>&1
  ir=$(callgrind_annotate $OUT/$m.cg 2>/dev/null | grep 'PROGRAM TOTALS' | awk '{print $1}')
  echo "$m $ir $(md5sum < $OUT/$m.paths | cut -c1-12) $(grep -o 'invalid=[0-9]*' $OUT/$m.out | head -1)" >> $OUT/ir.txt
  cd /; rm -rf $d
done
