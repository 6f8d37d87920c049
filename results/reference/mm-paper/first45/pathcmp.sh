#!/bin/bash
# pathcmp.sh FAMILY EVERY: every EVERY-th map's --paths md5 with main's binary (base45) and this branch's
B=/work/shared/benchmarks; F=$1; E=$2; mkdir -p pc/$F; i=0
A=/work/scratch/base45/build/gppc; N=/work/scratch/first45/final/gppc
for mp in $B/maps/$F/*.map; do i=$((i+1)); [ $(( (i-1) % E )) -eq 0 ] || continue; m=$(basename $mp .map)
  $A --entry mm --paths pc/$F/a-$m.txt -full $mp $B/scenarios/$F/$m.map.scen > pc/$F/a-$m.out 2>&1
  $N --entry mm --paths pc/$F/n-$m.txt -full $mp $B/scenarios/$F/$m.map.scen > pc/$F/n-$m.out 2>&1
  a=$(md5sum < pc/$F/a-$m.txt | cut -c1-12); b=$(md5sum < pc/$F/n-$m.txt | cut -c1-12)
  echo "$m $a $b $([ $a = $b ] && echo same || echo DIFF)"; rm -f pc/$F/*-$m.txt
done
