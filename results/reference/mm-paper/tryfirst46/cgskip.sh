#!/bin/bash
BIN=$1; TAG=$2; MODE=$3; B=/work/shared/benchmarks; mkdir -p $TAG
for fm in $MAPS; do f=${fm%%/*}; m=${fm#*/}
  if [ "$MODE" = all ]; then
  MM_SKIP=skip/$m.txt valgrind --tool=callgrind --toggle-collect='*_get_path' --callgrind-out-file=$TAG/$m.cg $BIN --entry mm -full $B/maps/$f/$m.map $B/scenarios/$f/$m.map.scen > $TAG/$m.out 2>/dev/null
  else
  MM_SKIP=skip/$m.txt CG_FIRST20=$MODE valgrind --tool=callgrind --collect-atstart=no --callgrind-out-file=$TAG/$m.cg $BIN --entry mm -full $B/maps/$f/$m.map $B/scenarios/$f/$m.map.scen > $TAG/$m.out 2>/dev/null
  fi
done
