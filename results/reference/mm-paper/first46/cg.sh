#!/bin/bash
# cg.sh BIN TAG MODE [ENTRYOPTS]: MODE 1 = first-20 calls only, 2 = after first-20 only, all = every mm_get_path call
BIN=$1; TAG=$2; MODE=$3; OPTS=${4:-}; B=/work/shared/benchmarks
MAPS=${MAPS:-"dao/arena dao/brc203d dao/brc997d dao/den011d dao/den203d dao/den403d dao/den504d dao/den901d dao/lak100c dao/lak106d dao/lak203d dao/lak400d dao/lak506d dao/lak519d dao/lgt604d dao/orz106d dao/orz303d dao/orz704d dao/ost002d dao/oth999d rooms/16room_000 rooms/16room_008 rooms/32room_006 rooms/64room_004 rooms/8room_002"}
mkdir -p $TAG
for fm in $MAPS; do
  f=${fm%%/*}; m=${fm#*/}
  if [ "$MODE" = all ]; then
    valgrind --tool=callgrind --toggle-collect='*_get_path' --callgrind-out-file=$TAG/$m.cg $BIN --entry mm$OPTS -full $B/maps/$f/$m.map $B/scenarios/$f/$m.map.scen > $TAG/$m.out 2>/dev/null
  else
    CG_FIRST20=$MODE valgrind --tool=callgrind --collect-atstart=no --callgrind-out-file=$TAG/$m.cg $BIN --entry mm$OPTS -full $B/maps/$f/$m.map $B/scenarios/$f/$m.map.scen > $TAG/$m.out 2>/dev/null
  fi
done
