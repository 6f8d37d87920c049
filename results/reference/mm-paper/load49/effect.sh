#!/bin/bash
# half-cell effect: --paths of -full, base49 and this branch (bin4), fresh pre-dirs, on the maps given
cd /work/scratch/load49/half
B=/work/shared/benchmarks
for m in "$@"; do n=$(basename $m)
  for v in base v4; do bin=/work/scratch/base49/build/gppc; [ $v = v4 ] && bin=/work/scratch/load49/bin4/gppc
    rm -rf pre-$v-$n; mkdir -p pre-$v-$n out
    $bin --entry mm --paths out/$v-$n.paths -full --pre-dir pre-$v-$n $B/maps/$m.map $B/scenarios/$m.map.scen > out/$v-$n.txt 2>&1
    echo "$n $v $(md5sum < out/$v-$n.paths | cut -c1-12) $(grep -o 'invalid=[^ ]*\|subopt_mean=[^ ]*\|subopt_max=[^ ]*\|mm_bytes=[^ ]*\|abs_bytes=[^ ]*\|default_sectors=[^ ]*\|profile=[^ ]*' out/$v-$n.txt | tr '\n' ' ')"
  done; done
