#!/bin/bash
# percall_all.sh TAG BIN [MAPS...]: per-call instructions (results/reference/mm-calls/percall.sh)
# on the sampled scenarios in $S/bench (rooms every 20th query, maze512-32-0 every 40th, dao whole)
S=/work/scratch/calls41
export GPPC_BENCH_DIR=$S/bench
tag=$1 bin=$2; shift 2
maps=${*:-rooms/32room_006 rooms/8room_002 mazes/maze512-32-0 dao/den203d dao/lak106d dao/orz704d}
for m in $maps; do
  f=${m%%/*}; n=${m##*/}
  $bin --entry mm --pre-dir $S/pre-$tag -pre $S/bench/maps/$m.map > /dev/null 2>&1
  bash /work/main/results/reference/mm-calls/percall.sh $S/pc $tag $bin $S/pre-$tag $f $n
done
