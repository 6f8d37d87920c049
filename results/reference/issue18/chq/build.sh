#!/bin/bash
# -pre of the whole dao family, base (main fcea8f7) and this branch back to back per map: wall time and peak RSS
B=/work/shared/benchmarks; D=/tmp/chq_fin/bld; rm -rf $D; mkdir -p $D/base $D/final
echo "map,base_s,base_kb,final_s,final_kb,final_hubs0_kb" > /tmp/chq_fin/build.csv
for m in $B/maps/dao/*.map; do
  b=$(basename $m .map); s=$B/scenarios/dao/$b.map.scen
  /usr/bin/time -f "%e %M" -o $D/tb nice -n 10 /tmp/chq_gppc_base --entry ch --pre-dir $D/base -pre $m $s >/dev/null 2>&1
  /usr/bin/time -f "%e %M" -o $D/tf nice -n 10 /tmp/chq_gppc_final2 --entry ch --pre-dir $D/final -pre $m $s >/dev/null 2>&1
  /usr/bin/time -f "%e %M" -o $D/t0 nice -n 10 /tmp/chq_gppc_final2 --entry ch:hubs=0 --pre-dir $D/final -pre $m $s >/dev/null 2>&1
  cmp -s $D/base/ch-$b.pre $D/final/ch-$b.pre || echo "FILE DIFFERS $b" >> /tmp/chq_fin/build.err
  echo "$b,$(tr ' ' , < $D/tb),$(tr ' ' , < $D/tf),$(cut -d' ' -f2 $D/t0)" >> /tmp/chq_fin/build.csv
  rm -f $D/base/* $D/final/*
done
echo "build done" >> /tmp/chq_fin/status
