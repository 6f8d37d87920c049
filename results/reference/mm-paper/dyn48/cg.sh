#!/bin/sh
# cg.sh LABEL BIN: switch_sc1 callgrind (mm_get_path + mm_update), -full, paths md5
cd /work/scratch/dyn48/cg; L=$1; B=$2; S=/work/scratch/dyn48/kd/data/switch_sc1_Aurora_TheFrozenSea.scen
rm -rf pre-$L; mkdir -p pre-$L
valgrind --tool=callgrind --toggle-collect='mm_get_path' --toggle-collect='mm_update' --callgrind-out-file=$L.cg $B --entry mm --pre-dir pre-$L --paths $L.paths -full $S > $L.out 2> $L.err
echo "$L $(callgrind_annotate $L.cg 2>/dev/null | grep 'PROGRAM TOTALS' | awk '{print $1}') $(md5sum < $L.paths | cut -c1-8) $(grep -o 'invalid=[0-9]* \|subopt_mean=[0-9.]*\|subopt_max=[0-9.]*' $L.out | tr '\n' ' ')"
