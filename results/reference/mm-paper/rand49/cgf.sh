#!/bin/bash
# cgf.sh BIN TAG MODE MAP...: callgrind instructions of mm, MODE 1 = each query's first-20 calls only
# (driver patched by randfirst47/cgpatch.py), all = every call (--toggle-collect=mm_get_path);
# every 4th query of each scenario (sub/MAP.map.scen: awk 'NR==1 || (NR-2)%4==0' SCEN); fresh pre-dir
BIN=$1; TAG=$2; MODE=$3; shift 3; B=/work/shared/benchmarks; S=/work/scratch/rand49/sub
mkdir -p $TAG
for m in "$@"; do
  rm -rf $TAG/pre.$m; mkdir -p $TAG/pre.$m
  if [ "$MODE" = all ]; then
    valgrind --tool=callgrind --toggle-collect='mm_get_path' --callgrind-out-file=$TAG/$m.$MODE.cg $BIN --entry mm --pre-dir $TAG/pre.$m -full $B/maps/random/$m.map $S/$m.map.scen --paths $TAG/$m.$MODE.paths > $TAG/$m.$MODE.out 2>/dev/null
  else
    CG_FIRST20=$MODE valgrind --tool=callgrind --collect-atstart=no --callgrind-out-file=$TAG/$m.$MODE.cg $BIN --entry mm --pre-dir $TAG/pre.$m -full $B/maps/random/$m.map $S/$m.map.scen --paths $TAG/$m.$MODE.paths > $TAG/$m.$MODE.out 2>/dev/null
  fi
  echo "$TAG $m $MODE $(callgrind_annotate $TAG/$m.$MODE.cg 2>/dev/null | grep -m1 'PROGRAM TOTALS' | cut -d' ' -f1) $(md5sum < $TAG/$m.$MODE.paths | cut -c1-12) $(grep -o 'subopt_mean=[0-9.]*' $TAG/$m.$MODE.out)"
done
