#!/bin/sh
# usage: dyn32b_cgrun.sh BIN ENTRY OUTDIR -> instructions in ENTRY's get_path + update on dao_arena2
# (mm: mm_get_path + mm_update; jps: jps_get_path + jps_entry_update), and mm's re-derivations
B=$1; E=$2; O=$3; D=${DYN_DATA:-/work/scratch/startkit-dynamic/data}
valgrind --tool=callgrind --callgrind-out-file="$O/cg_$E.out" "$B" --entry "$E" -full "$D/dao_arena2.scen" > /dev/null 2>&1
callgrind_annotate --inclusive=yes --threshold=100 "$O/cg_$E.out" 2>/dev/null |
  grep -E "(mm|jps)_entry.c:(mm|jps)_get_path \[|mm_update.c:mm_update \[|jps_entry.c:jps_entry_update \[|mm_update.c:rederive \[|update.c:abs_update \[" |
  awk '{gsub(",","",$1); print $1, $NF == "" ? $2 : $(NF-1)}'
