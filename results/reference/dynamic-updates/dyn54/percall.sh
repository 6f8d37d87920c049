#!/bin/bash
# Per-call instructions of mm_get_path on a scenario (-run after -pre): callgrind
# collects only inside mm_get_path and dumps after each call; each dump's total
# is read, in call order, into cg/LABEL.percall (dump index, instructions).
# usage: percall.sh LABEL GPPC SCEN
L=$1; G=$2; S=$3
D=/work/scratch/dyn54/cg/$L; rm -rf $D; mkdir -p $D
PRE=/work/scratch/dyn54/cg/pre_$L; rm -rf $PRE; mkdir -p $PRE
$G --entry mm --pre-dir $PRE -pre $S >/dev/null 2>&1
valgrind --tool=callgrind --collect-atstart=no --toggle-collect=mm_get_path --dump-after=mm_get_path \
  --dump-instr=no --dump-line=no --callgrind-out-file=$D/cg.out $G --entry mm --pre-dir $PRE -run $S >/dev/null 2>$D/vg.err
reap() { (cd $D && ls | grep -E '^cg\.out\.[0-9]+$' | xargs awk '/^(summary|totals):/ {n = FILENAME; sub(/.*\./, "", n); print n, $2; nextfile}') | sort -n; }
reap > /work/scratch/dyn54/cg/$L.percall
rm -f $D/cg.out.*
sort -k2 -n -r /work/scratch/dyn54/cg/$L.percall | head -5
