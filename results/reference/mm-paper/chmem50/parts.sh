#!/bin/bash
# index bytes, mm_bytes and --paths md5 of base50 against a build, one map each: parts.sh BIN family/map...
bin=$1; shift
B=/work/shared/benchmarks
for m in "$@"; do
  n=$(basename $m); f=$(dirname $m)
  for b in base new; do
    x=/work/scratch/base50/build/gppc; [ $b = new ] && x=$bin
    rm -rf pre_$b; $x --entry mm -full --paths p_$b.txt --pre-dir pre_$b $B/maps/$f/$n.map $B/scenarios/$f/$n.map.scen > s_$b.txt 2>&1
  done
  echo "$n $(md5sum < p_base.txt | cut -c1-8) $(md5sum < p_new.txt | cut -c1-8) $(grep -o 'mm_bytes_index=[0-9]*' s_base.txt) $(grep -o 'mm_bytes_index=[0-9]*' s_new.txt) $(grep -o ' mm_bytes=[0-9]*' s_base.txt) $(grep -o ' mm_bytes=[0-9]*' s_new.txt) $(grep -o ' invalid=[0-9]*' s_new.txt)"
done
