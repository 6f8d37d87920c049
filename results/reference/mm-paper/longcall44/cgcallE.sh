#!/bin/bash
# cgcallE.sh BIN ENTRY FAMILY/MAP QUERY CALL TAG: as cgcall.sh with an --entry string; prints the inclusive list of the entry's functions
B=/work/shared/benchmarks; BIN=$1; E=$2; M=$3; Q=$4; C=$5; T=$6
O=/work/scratch/longcall44/cg/$(basename $M).$Q.$C.$T
mkdir -p /work/scratch/longcall44/cg /work/scratch/longcall44/cgpre/$T
CG_CALL=$C valgrind --tool=callgrind --collect-atstart=no --callgrind-out-file=$O.out $BIN --entry $E --pre-dir /work/scratch/longcall44/cgpre/$T --query $Q -full $B/maps/$M.map $B/scenarios/$M.map.scen > $O.txt 2>&1
callgrind_annotate --inclusive=yes $O.out 2>/dev/null | grep "gppc\]\|TOTALS\|libc.so" | grep -v "main\|replay_query\|libc_start" | head -${TOP:-30}
