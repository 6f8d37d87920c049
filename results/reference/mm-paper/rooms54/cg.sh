#!/bin/bash
# cg.sh BIN TAG MODE [ENTRY]: route51's rooms49/cg.sh with the entry's options as a 4th argument
BIN=$1; TAG=$2; MODE=$3; ENTRY=${4:-mm}; B=/work/shared/benchmarks
MAPS=${MAPS:-"rooms/16room_000 rooms/16room_008 rooms/32room_006 rooms/64room_004 rooms/8room_002"}
mkdir -p $TAG
for fm in $MAPS; do
  f=${fm%%/*}; m=${fm#*/}
  if [ "$MODE" = all ]; then
    valgrind --tool=callgrind --toggle-collect='*_get_path' --callgrind-out-file=$TAG/$m.cg $BIN --entry $ENTRY -full $B/maps/$f/$m.map $B/scenarios/$f/$m.map.scen > $TAG/$m.out 2>/dev/null
  else
    CG_FIRST20=$MODE valgrind --tool=callgrind --collect-atstart=no --callgrind-out-file=$TAG/$m.cg $BIN --entry $ENTRY -full $B/maps/$f/$m.map $B/scenarios/$f/$m.map.scen > $TAG/$m.out 2>/dev/null
  fi
done
