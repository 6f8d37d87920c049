#!/bin/sh
# rand.sh LABEL BIN: random512-35-2 callgrind (mm_get_path), -full, paths md5, mm_bytes
B=/work/shared/benchmarks; D=/work/scratch/dyn47/rand; L=$1; BIN=$2; m=random/random512-35-2; mkdir -p $D
valgrind --tool=callgrind --toggle-collect='mm_get_path' --callgrind-out-file=$D/$L.cg $BIN --entry mm --pre-dir $D/pre.$L --paths $D/$L.paths -full $B/maps/$m.map $B/scenarios/$m.map.scen > $D/$L.out 2>&1
echo "$L $(callgrind_annotate $D/$L.cg 2>/dev/null | grep 'PROGRAM TOTALS' | awk '{print $1}') $(md5sum < $D/$L.paths | cut -c1-8) $(grep -o 'invalid=[0-9]*\|subopt_mean=[0-9.]*\|mm_bytes=[0-9]*\|region_search_bytes=[0-9]*\|search_bytes=[0-9]*' $D/$L.out | tr '\n' ' ')"
