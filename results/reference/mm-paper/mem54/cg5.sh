#!/bin/bash
# cg5.sh TAG BIN MAP FAMILY [ENV=VAL]: callgrind instructions inside mm_get_path over every 5th query
# (scen/MAP.map.scen), the paths' md5 and SUMMARY's memory. Maps under /work/shared/benchmarks/maps/FAMILY.
TAG=$1; BIN=$2; M=$3; FAM=$4; shift 4; B=/work/shared/benchmarks; S=/work/scratch/mem54
d=$(mktemp -d $S/pre.XXXX)
env "$@" valgrind --tool=callgrind --toggle-collect=mm_get_path --callgrind-out-file=$S/cg/$TAG.$M.cg $BIN --entry mm -full --paths $S/cg/$TAG.$M.paths --pre-dir $d $B/maps/$FAM/$M.map $S/scen/$M.map.scen > $S/cg/$TAG.$M.out 2> $S/cg/$TAG.$M.err
rm -rf $d
echo "$TAG $M $(grep -o 'summary: [0-9]*' $S/cg/$TAG.$M.cg) $(grep -o ' mm_bytes=[0-9]*\|memo_entries=[0-9]*\|invalid=[0-9]*\|subopt_mean=[0-9.]*' $S/cg/$TAG.$M.out | tr '\n' ' ') $(md5sum < $S/cg/$TAG.$M.paths | cut -c1-8)"
rm -f $S/cg/$TAG.$M.paths
