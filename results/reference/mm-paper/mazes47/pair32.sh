#!/bin/bash
# 32-wide mazes: base47 / mazes47 (-run on their own pre-dirs) / jps2+, 3 rounds interleaved, thread CPU and wall totals
B=/work/shared/benchmarks; W=/work/scratch/mazes47/pair; mkdir -p $W
for r in 1 2 3; do for i in 0 1 2 3 4 5 6 7 8 9; do m=maze512-32-$i
  for n in base:/work/scratch/base47/build/gppc now:/work/scratch/mazes47/gppc_final; do t=${n%%:*}
    [ -d $W/pre_$t ] || mkdir -p $W/pre_$t
    [ -f $W/pre_$t/.$m ] || { ${n#*:} --entry mm --pre-dir $W/pre_$t -pre $B/maps/mazes/$m.map $B/scenarios/mazes/$m.map.scen >/dev/null 2>&1; touch $W/pre_$t/.$m; }
    echo "$r $m $t $(${n#*:} --entry mm --pre-dir $W/pre_$t -run $B/maps/mazes/$m.map $B/scenarios/mazes/$m.map.scen 2>&1 | grep SUMMARY | grep -o 'total_s=[0-9.]*\|total_cpu_s=[0-9.]*' | tr '\n' ' ')"
  done
  echo "$r $m jps2+ $(/work/scratch/warthog/jps2plus $B/maps/mazes/$m.map $B/scenarios/mazes/$m.map.scen 2>&1 | grep -o 'total_s=[0-9.]*')"
done; done
