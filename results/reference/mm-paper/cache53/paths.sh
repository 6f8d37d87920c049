#!/bin/bash
# paths.sh LABEL BIN: --paths of -full runs (fresh pre-dir) on the five maps, md5 each
lab=$1; bin=$2; mkdir -p paths/$lab; rm -rf paths/$lab/pre; mkdir -p paths/$lab/pre
for m in dao/den011d dao/lak506d dao/brc203d rooms/8room_002 mazes/maze512-4-6; do n=$(basename $m)
  $bin --entry mm --paths paths/$lab/$n.paths -full --pre-dir paths/$lab/pre /work/shared/benchmarks/maps/$m.map /work/shared/benchmarks/scenarios/$m.map.scen > paths/$lab/$n.out 2>&1
  echo "$n $(md5sum < paths/$lab/$n.paths | cut -c1-12) $(grep -o -E 'invalid=[0-9]+' paths/$lab/$n.out | head -1)"
done
