#!/bin/bash
# cgw.sh TAG BIN FAM/MAP : whole-run callgrind of mm_get_path with the cache simulated; prints Ir I1mr D1mr
TAG=$1; BIN=$2; m=$3; f=${m%/*}; n=${m#*/}; B=/work/shared/benchmarks; d=/work/scratch/calls52/cgw/$TAG-$n; rm -rf $d; mkdir -p $d/pre
$BIN --entry mm --pre-dir $d/pre -pre $B/maps/$f/$n.map $B/scenarios/$f/$n.map.scen > /dev/null 2>&1
valgrind --tool=callgrind --cache-sim=yes --toggle-collect=mm_get_path --callgrind-out-file=$d/cg $BIN --entry mm --pre-dir $d/pre -run $B/maps/$f/$n.map $B/scenarios/$f/$n.map.scen > $d/out.txt 2> $d/err.txt
echo "$TAG $n $(grep -m1 '^events:' $d/cg | cut -d' ' -f2-) | $(grep -m1 '^summary:\|^totals:' $d/cg | cut -d' ' -f2-)"
