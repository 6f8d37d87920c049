#!/bin/sh
# usage: cgscen.sh BIN ENTRYSPEC TAG SCEN
B=$1; E=$2; T=$3; S0=$4; S=$5
valgrind --tool=callgrind --callgrind-out-file=${DYN32:-/work/scratch/dyn32}/cg_$T.out $B --entry $E -full $S0 $S > ${DYN32:-/work/scratch/dyn32}/out_$T.txt 2>/dev/null
n=$(callgrind_annotate --inclusive=yes ${DYN32:-/work/scratch/dyn32}/cg_$T.out 2>/dev/null | grep -E "(mm|jps)_entry.c:(mm|jps)_get_path|mm_update.c:mm_update |jps_entry.c:jps_entry_update" | sort -u | awk '{gsub(",","",$1); s+=$1} END {print s}')
echo "$T $n $(grep SUMMARY ${DYN32:-/work/scratch/dyn32}/out_$T.txt | tr ' ' '\n' | grep -E '^(invalid|subopt_mean|jps|jps_capped|jps_skipped|profile)=' | tr '\n' ' ')"
