#!/bin/sh
# arena.sh LABEL BIN: dao_arena2 (dynamic kit) callgrind (mm_get_path + mm_update), -full, paths md5
cd /work/scratch/dyn47; L=$1; B=$2; S=/work/scratch/dyn47/kd/data/dao_arena2.scen
valgrind --tool=callgrind --toggle-collect='mm_get_path' --toggle-collect='mm_update' --callgrind-out-file=arena.$L.cg $B --entry mm --pre-dir /work/scratch/dyn47/pre.$L --paths arena.$L.paths -full $S > arena.$L.out 2> arena.$L.err
echo "arena2 $L $(callgrind_annotate arena.$L.cg 2>/dev/null | grep 'PROGRAM TOTALS' | awk '{print $1}') $(md5sum < arena.$L.paths | cut -c1-8) $(grep -o 'invalid=[0-9]* \|subopt_mean=[0-9.]*' arena.$L.out | tr '\n' ' ')"
