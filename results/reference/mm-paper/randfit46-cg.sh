#!/bin/sh
# usage: randfit46-cg.sh NAME BIN SPEC MAP...   callgrind instructions of mm_get_path, every 4th query
# /work/scratch/randfit45/sub/MAP.map.scen was made by: awk 'NR==1 || (NR-2)%4==0' SCEN > /work/scratch/randfit45/sub/MAP.map.scen
name=$1; bin=$2; spec=$3; shift 3
B=/work/shared/benchmarks
for m in "$@"; do
  valgrind --tool=callgrind --toggle-collect=mm_get_path --callgrind-out-file=$name.$m.out $bin --entry "$spec" --pre-dir /work/scratch/randfit46/cg/pre.$name -full $B/maps/random/$m.map /work/scratch/randfit45/sub/$m.map.scen --paths $name.$m.paths > $name.$m.log 2>&1
  echo "$name $m $(callgrind_annotate $name.$m.out 2>/dev/null | grep -m1 'PROGRAM TOTALS' | cut -d' ' -f1) $(md5sum < $name.$m.paths | cut -c1-12) $(grep -o 'subopt_mean=[0-9.]*' $name.$m.log)"
done
