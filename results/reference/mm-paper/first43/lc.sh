#!/bin/bash
# interleaved: base43 vs bigcalls (CALLS_KEPT_MAX 1<<18), --cpu-clock call --calls, 3 rounds
B=/work/shared/benchmarks
MAPS="dao/arena dao/brc203d dao/brc997d dao/den011d dao/den203d dao/den403d dao/den504d dao/den901d dao/lak100c dao/lak106d dao/lak203d dao/lak400d dao/lak506d dao/lak519d dao/lgt604d dao/orz106d dao/orz303d dao/orz704d dao/ost002d dao/oth999d rooms/16room_000 rooms/16room_008 rooms/32room_006 rooms/64room_004 rooms/8room_002"
for r in 1 2 3; do for fm in $MAPS; do m=${fm#*/}
 for side in base big; do
  bin=/work/scratch/base43/build/gppc; [ $side = big ] && bin=/work/scratch/first43/bigcalls/build/gppc
  $bin --entry mm --cpu-clock call --calls $side.$m.$r.txt --pre-dir /work/scratch/first43/pre-lc -full $B/maps/$fm.map $B/scenarios/$fm.map.scen > /dev/null 2>&1
 done; done; done
