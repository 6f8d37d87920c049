#!/bin/bash
# percall_all.sh TAG BIN: per-call instructions (results/reference/mm-calls/percall.sh) on the sampled scenarios
S=/work/scratch/calls40
export GPPC_BENCH_DIR=$S/bench
for m in rooms/32room_006 rooms/8room_002 mazes/maze512-32-0; do
  f=${m%%/*}; n=${m##*/}
  $2 --entry mm --pre-dir $S/pre-$1 -pre $S/bench/maps/$m.map > /dev/null 2>&1
  bash results/reference/mm-calls/percall.sh $S/pc $1 $2 $S/pre-$1 $f $n
done
