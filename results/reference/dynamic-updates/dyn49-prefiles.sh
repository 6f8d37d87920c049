#!/bin/bash
# usage: prefiles.sh BIN LABEL : -pre on a set of static maps, then md5 of each preprocessing file
B=$1; L=$2; D=/work/scratch/dyn49/pre-$L; rm -rf $D; mkdir -p $D
BM=/work/shared/benchmarks
for m in dao/arena2 dao/orz303d dao/den520d dao/brc202d rooms/8room_002 rooms/64room_000 random/random512-25-5 mazes/maze512-4-0 mazes/maze512-32-0 dao/hrt201n; do
  $B --entry mm --pre-dir $D -pre $BM/maps/$m.map $BM/scenarios/$m.map.scen > /dev/null 2>&1 || echo "fail $m"
done
cd $D && md5sum * | sort -k2
