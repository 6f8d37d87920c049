#!/bin/bash
# interleaved: main jps (best_first), jo jps (jps_open), main jps+ ; 3 rounds; total_s per run
B=/work/shared/benchmarks; A=/work/main/build/gppc; N=/work/wt/jo/build/gppc; P=/work/scratch/jo/pre
mkdir -p $P; out=/work/scratch/jo/ab.csv; : > $out
maps="$@"
for m in $maps; do $A --entry jps+ --pre-dir $P -pre $B/maps/$m.map >/dev/null 2>&1; done
for r in 1 2 3; do for m in $maps; do
  for e in "A jps" "N jps" "A jps+"; do set -- $e; bin=$A; [ $1 = N ] && bin=$N
    t=$($bin --entry $2 --pre-dir $P -run $B/maps/$m.map $B/scenarios/$m.map.scen 2>/dev/null | grep -o ' total_s=[0-9.e-]*' | cut -d= -f2)
    echo "$r,$m,$1-$2,$t" >> $out
  done; done; done
echo done >> $out
