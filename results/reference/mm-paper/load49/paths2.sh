#!/bin/bash
# usage: paths.sh BIN TAG: --paths of -full (pre then run from the file, fresh pre-dir) on the 7 maps; md5 per map
BIN=$1; TAG=$2; MODE=${3:--full}
cd /work/scratch/load49
B=/work/shared/benchmarks
mkdir -p paths-$TAG; rm -rf ppre-$TAG; mkdir -p ppre-$TAG
for m in dao/orz900d dao/den520d rooms/8room_002 rooms/64room_004 random/random512-25-5 mazes/maze512-4-0 dao/hrt201n; do
  n=$(basename $m)
  $BIN --entry mm --paths paths-$TAG/$n.paths $MODE --pre-dir ppre-$TAG $B/maps/$m.map $B/scenarios/$m.map.scen > paths-$TAG/$n.txt 2>&1
  echo "$n $(md5sum < paths-$TAG/$n.paths | cut -c1-12) rc=$? $(grep -o 'pre_rejected=[^ ]*\|invalid=[^ ]*\|subopt_mean=[^ ]*\|subopt_max=[^ ]*\|mm_bytes=[^ ]*\|profile=[^ ]*' paths-$TAG/$n.txt | tr '\n' ' ')"
done
