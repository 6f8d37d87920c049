#!/bin/bash
# pathcmp2.sh FAMILY/MAP...: --paths md5 with main's binary (base45) and this branch's
B=/work/shared/benchmarks; A=/work/scratch/base45/build/gppc; N=/work/scratch/first45/final/gppc; mkdir -p pc2
for fm in "$@"; do f=${fm%%/*}; m=${fm#*/}
  $A --entry mm --paths pc2/a-$m.txt -full $B/maps/$f/$m.map $B/scenarios/$f/$m.map.scen > pc2/a-$m.out 2>&1
  $N --entry mm --paths pc2/n-$m.txt -full $B/maps/$f/$m.map $B/scenarios/$f/$m.map.scen > pc2/n-$m.out 2>&1
  a=$(md5sum < pc2/a-$m.txt | cut -c1-12); b=$(md5sum < pc2/n-$m.txt | cut -c1-12)
  echo "$m $a $b $([ $a = $b ] && echo same || echo DIFF)"; rm -f pc2/*-$m.txt
done
