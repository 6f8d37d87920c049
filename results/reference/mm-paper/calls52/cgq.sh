#!/bin/bash
# cgq.sh FAM/MAP Q : callgrind Ir of each call of query Q (base52's tree + the dbg hooks)
DBG=${DBG:-/work/scratch/calls52/dbg/build/gppc}; m=$1; q=$2; f=${m%/*}; n=${m#*/}; B=/work/shared/benchmarks; d=/work/scratch/calls52/cgq/$n-q$q; rm -rf $d; mkdir -p $d
(cd $d && CALLDBG=$q valgrind --tool=callgrind --collect-atstart=no --callgrind-out-file=cg $( [ -n "$CACHE" ] && echo --cache-sim=yes ) $DBG --entry mm --pre-dir /work/scratch/calls52/base/$n/pre --cpu-clock call --calls /dev/null -run $B/maps/$f/$n.map $B/scenarios/$f/$n.map.scen > out.txt 2> err.txt)
for x in $d/cg.*; do t=$(grep -m1 '^desc: Trigger' $x | grep -o 'q[0-9]*_c[0-9]*'); echo "$t $(grep -m1 '^summary:\|^totals:' $x | cut -d' ' -f2-)"; done | sort -t_ -k2.2 -n > $d/ir.txt
