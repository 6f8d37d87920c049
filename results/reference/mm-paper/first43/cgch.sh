#!/bin/bash
B=/work/shared/benchmarks
MAPS="dao/arena dao/brc203d dao/brc997d dao/den011d dao/den203d dao/den403d dao/den504d dao/den901d dao/lak100c dao/lak106d dao/lak203d dao/lak400d dao/lak506d dao/lak519d dao/lgt604d dao/orz106d dao/orz303d dao/orz704d dao/ost002d dao/oth999d rooms/16room_000 rooms/16room_008 rooms/32room_006 rooms/64room_004 rooms/8room_002"
mkdir -p ch
for fm in $MAPS; do f=${fm%%/*}; m=${fm#*/}
valgrind --tool=callgrind --toggle-collect='*_get_path' --callgrind-out-file=ch/$m.cg /work/scratch/base43/build/gppc --entry ch --pre-dir /work/scratch/first43/pre-ch -run $B/maps/$f/$m.map $B/scenarios/$f/$m.map.scen > ch/$m.out 2>/dev/null
done
