#!/bin/sh
# calls.sh ROUNDS: base54 and this branch's binary interleaved map by map,
# each call timed by the thread's CPU clock (--cpu-clock call --calls).
B=/work/shared/benchmarks
BASE=/work/scratch/base54/build/gppc; MINE=/work/scratch/infra54/gppc_p3
for t in base mine; do
  bin=$BASE; [ $t = mine ] && bin=$MINE
  for m in rooms/16room_000 rooms/8room_002; do
    mkdir -p calls/pre-$t; $bin --entry mm -pre --pre-dir calls/pre-$t $B/maps/$m.map >/dev/null 2>&1
  done
done
for r in $(seq 1 $1); do
  for m in rooms/16room_000 rooms/8room_002; do
    n=$(basename $m)
    for t in base mine; do
      bin=$BASE; [ $t = mine ] && bin=$MINE
      $bin --entry mm -run --pre-dir calls/pre-$t --cpu-clock call --calls calls/$t-$n-r$r.tsv $B/maps/$m.map $B/scenarios/$m.map.scen > calls/$t-$n-r$r.out 2>&1
    done
  done
done
