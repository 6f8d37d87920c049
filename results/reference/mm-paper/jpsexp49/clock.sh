#!/bin/bash
# clock.sh ROUNDS OUT MAP... : paired clock runs, base49 and NOW (env), interleaved map by map
# (base, now, base, now ... ROUNDS each), -run on a preprocessing file each binary made for itself;
# SUMMARY's total_cpu_s (the thread's CPU clock around each query, summed) and total_s per run.
ROUNDS=$1; OUT=$2; shift 2; mkdir -p $OUT
BASE=${BASE:-/work/scratch/base49/build/gppc}; NOW=${NOW:?NOW=binary}
S=/work/shared/benchmarks
for m in "$@"; do
  for b in base now; do
    bin=$BASE; [ $b = now ] && bin=$NOW
    mkdir -p $OUT/pre-$b; $bin --entry mm -pre --pre-dir $OUT/pre-$b $S/maps/dao/$m.map $S/scenarios/dao/$m.map.scen > /dev/null 2>&1
  done
  for r in $(seq $ROUNDS); do
    for b in base now; do
      bin=$BASE; [ $b = now ] && bin=$NOW
      $bin --entry mm -run --pre-dir $OUT/pre-$b $S/maps/dao/$m.map $S/scenarios/dao/$m.map.scen | grep '^SUMMARY' |
        sed -E 's/.* total_s=([0-9.]+) .* total_cpu_s=([0-9.]+) .*/\1 \2/' | sed "s/^/$m $b $r /" >> $OUT/clock.txt
    done
  done
done
