#!/bin/sh
# usage: cgrun.sh BIN ENTRYSPEC TAG -> prints instructions in mm_get_path+mm_update (or jps_)
# (each function is counted once: callgrind_annotate lists a function twice when it is also a caller)
B=$1; E=$2; T=$3; D=/work/scratch/startkit-dynamic/data
valgrind --tool=callgrind --callgrind-out-file=${DYN32:-/work/scratch/dyn32}/cg_$T.out $B --entry $E -full $D/dao_arena2.scen > ${DYN32:-/work/scratch/dyn32}/out_$T.txt 2>/dev/null
callgrind_annotate --inclusive=yes ${DYN32:-/work/scratch/dyn32}/cg_$T.out 2>/dev/null | grep -E "(mm|jps)_entry.c:(mm|jps)_get_path|mm_update.c:mm_update |jps_entry.c:jps_entry_update" | sort -u | awk -v t=$T '{gsub(",","",$1); s+=$1; printf "%s ", $1} END {print t, "total", s}'
