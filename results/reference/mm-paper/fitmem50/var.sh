#!/bin/bash
# var.sh TAG MAP [env...]: gppc_x (a scratch build of this branch whose mm_fit_cache read XMEMO, the memo
# to hold, XLINE, the budget as the line, and XLEAST from the environment; not in the tree) on a maze.
TAG=$1; M=$2; shift 2; B=/work/shared/benchmarks; D=/work/scratch/fitmem50/var; mkdir -p $D
PRE=$D/pre_${TAG}_${M}; rm -rf $PRE; mkdir -p $PRE
env "$@" /work/scratch/fitmem50/gppc_x --entry mm --pre-dir $PRE --paths $D/p_${M}_$TAG.txt -full $B/maps/mazes/$M.map $B/scenarios/mazes/$M.map.scen > $D/o_${M}_$TAG.txt 2>&1
rm -rf $PRE
echo "$M $TAG md5=$(md5sum < $D/p_${M}_$TAG.txt | cut -c1-8) $(grep -o -E "(total_cpu_s|first20_mean_us|invalid|mm_bytes|cache_misses|cache_cap_bytes|memo_entries|memo_refused)=[^ ]+" $D/o_${M}_$TAG.txt | tr '\n' ' ')"
