#!/bin/bash
# md5 of every query's cells (--paths), main at start (base40) against NEW
B=/work/shared/benchmarks
NEW=${NEW:-/work/wt/randtime40/build/gppc}
for m in random/random512-10-4 random/random512-25-5 random/random512-40-0 random/random512-35-7 random/random512-15-3 dao/orz704d rooms/32room_006; do
  for n in base:/work/scratch/base40/build/gppc new:$NEW; do
    t=${n%%:*}; mkdir -p paths pre/$t
    ${n#*:} --pre-dir pre/$t --entry mm --paths paths/$t-$(basename $m).txt -full $B/maps/$m.map $B/scenarios/$m.map.scen > paths/$t-$(basename $m).out 2>&1
  done
  echo "$m $(md5sum < paths/base-$(basename $m).txt | cut -c1-12) $(md5sum < paths/new-$(basename $m).txt | cut -c1-12) $(grep -o 'invalid=[0-9]*' paths/new-$(basename $m).out)"
done
