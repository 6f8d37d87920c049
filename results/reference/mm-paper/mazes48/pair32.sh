#!/bin/bash
# 32-wide mazes: base48 / mazes48 (-run on their own pre-dirs) / jps2+, 3 rounds interleaved (order rotated), thread CPU and wall totals
B=/work/shared/benchmarks; W=/work/scratch/mazes48/pair; mkdir -p $W
run_mm() { # tag bin map
    [ -d $W/pre_$1 ] || mkdir -p $W/pre_$1
    [ -f $W/pre_$1/.$3 ] || { $2 --entry mm --pre-dir $W/pre_$1 -pre $B/maps/mazes/$3.map $B/scenarios/mazes/$3.map.scen >/dev/null 2>&1; touch $W/pre_$1/.$3; }
    echo "$r $3 $1 $($2 --entry mm --pre-dir $W/pre_$1 -run $B/maps/mazes/$3.map $B/scenarios/mazes/$3.map.scen 2>&1 | grep SUMMARY | grep -o 'total_s=[0-9.]*\|total_cpu_s=[0-9.]*' | tr '\n' ' ')"
}
run_j2() { echo "$r $1 jps2+ $(/work/scratch/warthog/jps2plus $B/maps/mazes/$1.map $B/scenarios/mazes/$1.map.scen 2>&1 | grep -o 'total_s=[0-9.]*')"; }
for r in 1 2 3; do for i in 0 1 2 3 4 5 6 7 8 9; do m=maze512-32-$i
  case $(( (r + i) % 3 )) in
    0) run_mm base /work/scratch/base48/build/gppc $m; run_mm now /work/scratch/mazes48/bin/gppc-final $m; run_j2 $m;;
    1) run_mm now /work/scratch/mazes48/bin/gppc-final $m; run_j2 $m; run_mm base /work/scratch/base48/build/gppc $m;;
    2) run_j2 $m; run_mm base /work/scratch/base48/build/gppc $m; run_mm now /work/scratch/mazes48/bin/gppc-final $m;;
  esac
done; done
