#!/bin/bash
# callgrind instructions in mm_get_path, -full of each map's whole scenario, before (base40) and after
B=/work/shared/benchmarks
for m in random512-10-4 random512-25-5 random512-40-0; do
  for n in base:/work/scratch/base40/build/gppc after:/work/scratch/randtime40/gppc-v5; do
    t=${n%%:*}
    ir=$(valgrind --tool=callgrind --toggle-collect=mm_get_path --callgrind-out-file=cg/final-$t-$m.out ${n#*:} --pre-dir pre/$t --entry mm -full $B/maps/random/$m.map $B/scenarios/random/$m.map.scen 2>&1 | grep -o 'Collected : [0-9]*' | grep -o '[0-9]*')
    echo "$m $t $ir"
  done
done
