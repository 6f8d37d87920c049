#!/bin/bash
# Instructions of each call of FUNC (callgrind collects only inside it and
# dumps after each call), in call order: cg/LABEL_FUNC.list (dump, instructions).
# usage: pieces.sh LABEL GPPC FUNC SCEN PREDIR
L=$1; G=$2; F=$3; S=$4; P=$5
D=/work/scratch/dyn55/cg/${L}_$F; rm -rf $D; mkdir -p $D
valgrind --tool=callgrind --collect-atstart=no --toggle-collect=$F --dump-after=$F \
  --dump-instr=no --dump-line=no --callgrind-out-file=$D/cg.out $G --entry mm --pre-dir $P -run $S >/dev/null 2>$D/vg.err
(cd $D && ls | grep -E '^cg\.out\.[0-9]+$' | xargs awk '/^(summary|totals):/ {n = FILENAME; sub(/.*\./, "", n); print n, $2; nextfile}') | sort -n > /work/scratch/dyn55/cg/${L}_$F.list
rm -f $D/cg.out.*
