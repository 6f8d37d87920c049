#!/bin/bash
# cg.sh BIN TAG MODE MAP...: callgrind of mm_get_path; MODE 1 = first-20 calls only, all = every call; every 4th query (randfit45/sub)
BIN=$1; TAG=$2; MODE=$3; shift 3; mkdir -p $TAG/pre; B=/work/shared/benchmarks; mkdir -p $TAG
for m in "$@"; do
  if [ "$MODE" = all ]; then
    valgrind --tool=callgrind --toggle-collect='mm_get_path' --callgrind-out-file=$TAG/$m.$MODE.cg $BIN --entry "mm$OPTS" --pre-dir $TAG/pre -full $B/maps/random/$m.map /work/scratch/randfit45/sub/$m.map.scen --paths $TAG/$m.$MODE.paths > $TAG/$m.$MODE.out 2>/dev/null
  else
    CG_FIRST20=$MODE valgrind --tool=callgrind --collect-atstart=no --callgrind-out-file=$TAG/$m.$MODE.cg $BIN --entry "mm$OPTS" --pre-dir $TAG/pre -full $B/maps/random/$m.map /work/scratch/randfit45/sub/$m.map.scen --paths $TAG/$m.$MODE.paths > $TAG/$m.$MODE.out 2>/dev/null
  fi
  echo "$TAG $m $MODE $(callgrind_annotate $TAG/$m.$MODE.cg 2>/dev/null | grep -m1 'PROGRAM TOTALS' | cut -d' ' -f1) $(md5sum < $TAG/$m.$MODE.paths | cut -c1-12) $(grep -o 'subopt_mean=[0-9.]*' $TAG/$m.$MODE.out)"
done
