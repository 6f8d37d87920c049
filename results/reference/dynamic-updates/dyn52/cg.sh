#!/bin/sh
# cg.sh LABEL BINARY SCEN: callgrind of a -full run; prints get_path+update inclusive
L=$1; B=$2; S=$3; N=$(basename $S .scen)
O=${CG_DIR:-/work/scratch/dyn52/cg}/$L.$N
valgrind --tool=callgrind --callgrind-out-file=$O.out $B --entry mm -full $S > $O.log 2>&1
callgrind_annotate --inclusive=yes --threshold=100 $O.out 2>/dev/null > $O.ann
grep -E "mm_get_path|mm_update " $O.ann | head -3
grep -E "mm_get_path \[|mm_update \[" $O.ann | awk -v l=$L -v n=$N '{gsub(",","",$1); s+=$1} END{printf "%s %s total %.0f\n", l, n, s}'
