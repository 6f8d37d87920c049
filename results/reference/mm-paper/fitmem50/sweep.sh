#!/bin/bash
# sweep.sh BIN FAMILY MAP TAG [entry options]: one callgrind run (instructions inside mm_get_path),
# the SUMMARY's bytes and cache counters, and the paths' md5.
BIN=$1; F=$2; M=$3; TAG=$4; OPT=$5
B=/work/shared/benchmarks; D=/work/scratch/fitmem50/sw; mkdir -p $D
PRE=$D/pre_${TAG}_${M}_$$; rm -rf $PRE; mkdir -p $PRE
E=mm; [ -n "$OPT" ] && E="mm:$OPT"
valgrind --tool=callgrind --toggle-collect=mm_get_path --callgrind-out-file=$D/cg_${M}_$TAG.out \
  $BIN --entry $E --paths $D/paths_${M}_$TAG.txt --pre-dir $PRE -full $B/maps/$F/$M.map $B/scenarios/$F/$M.map.scen > $D/out_${M}_$TAG.txt 2>$D/err_${M}_$TAG.txt
rm -rf $PRE
ir=$(grep -E "^summary:|^totals:" $D/cg_${M}_$TAG.out | head -1 | awk '{print $2}')
md=$(md5sum < $D/paths_${M}_$TAG.txt | cut -c1-8)
s=$(grep -o -E "(mm_bytes|cache_misses|cache_bytes|cache_evicted|memo_entries|memo_refused|subopt_mean|invalid)=[^ ]+" $D/out_${M}_$TAG.txt | tr '\n' ' ')
echo "$M $TAG Ir=$ir md5=$md $s"
