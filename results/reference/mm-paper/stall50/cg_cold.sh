#!/bin/sh
# cg_cold.sh BIN MAPNAME OUTDIR: callgrind dumps around every mm_get_path call of MAPNAME's dao scenario, then cold_all.py
B=$1; m=$2; o=$3; M=/work/shared/benchmarks/maps/dao; S=/work/shared/benchmarks/scenarios/dao
rm -rf $o; mkdir -p $o/pre
valgrind --tool=callgrind --dump-instr=yes --compress-pos=no --compress-strings=no --dump-before=mm_get_path --dump-after=mm_get_path \
  --callgrind-out-file=$o/c.out $B --entry mm --pre-dir $o/pre --calls $o/calls -full $M/$m.map $S/$m.map.scen > $o/stdout 2> $o/log
python3 $(dirname $0)/cold_all.py $o $o/calls 5
