#!/bin/bash
# cgeach.sh BIN FAMILY/MAP QUERY TAG: instructions of each call of query QUERY (one callgrind dump a call)
B=/work/shared/benchmarks; BIN=$1; M=$2; Q=$3; T=$4
O=/work/scratch/calls50/cge/$(basename $M).$Q.$T; rm -rf $O; mkdir -p $O /work/scratch/calls50/cgpre/$T
(cd $O && CG_EACH=1 valgrind --tool=callgrind $CGX --collect-atstart=no --callgrind-out-file=$O/cg.out $BIN --entry ${ENTRY:-mm} --pre-dir /work/scratch/calls50/cgpre/$T --query $Q -full $B/maps/$M.map $B/scenarios/$M.map.scen > $O/txt 2>&1)
for f in $(ls $O/cg.out.* | sort -V); do grep -m1 '^summary:\|^totals:' $f | awk '{print $2}'; done | tr '\n' ' '; echo
