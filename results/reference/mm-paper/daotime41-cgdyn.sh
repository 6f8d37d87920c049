#!/bin/sh
# daotime41: a dynamic scenario under callgrind, whole run; prints the
# inclusive instructions of mm_get_path plus mm_update (as dyn_bench.py
# --instructions counts them; callgrind_annotate lists each twice, so the
# sum printed is twice that: halve it).
# $1 tag, $2 binary, $3 entry spec, $4 version-2 scenario (the kit's data/*.scen)
D=/work/scratch/daotime41/dyn
valgrind --tool=callgrind --callgrind-out-file=$D/cg.$1 $2 --entry "$3" -full $4 > $D/out.$1 2>&1
callgrind_annotate --inclusive=yes $D/cg.$1 > $D/ann.$1 2>/dev/null
echo "$1 $(grep -E 'entries/[^ ]*:(mm_get_path|mm_update|\w*update) ' $D/ann.$1 | awk '{gsub(",","",$1); s+=$1} END {print s}') $(grep SUMMARY $D/out.$1 | grep -o 'profile=[^ ]*\|invalid=[^ ]*\|subopt_mean=[^ ]*' | tr '\n' ' ')"
