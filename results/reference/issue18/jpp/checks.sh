#!/bin/sh
# -check of jps+ (/tmp/jpp_D_gppc) on every timed map: dao and rooms whole, the random and mazes samples
G=/tmp/jpp_D_gppc; B=/work/shared/benchmarks; OUT=/tmp/jpp/check; PRE=/tmp/jpp/check/pre; mkdir -p $PRE
one() { fam=$1; b=$2
  nice -n 15 $G --entry jps+ --pre-dir $PRE -check $B/maps/$fam/$b.map $B/scenarios/$fam/$b.map.scen > $OUT/jps+.out 2>&1; rc=$?
  s=$(grep '^SUMMARY' $OUT/jps+.out); f() { echo "$s" | grep -o " $1=[0-9.]*" | cut -d= -f2; }
  echo "jps+,$fam,$b,$rc,$(f queries),$(f invalid),$(f over_bound),$(f subopt_max)"; }
echo "entry,family,map,exit,queries,invalid,over_bound,subopt_max"
for fam in dao rooms; do for m in $B/maps/$fam/*.map; do one $fam $(basename $m .map); done; done
for d in 10 15 20 25 30 35 40; do for i in 0 5; do one random random512-$d-$i; done; done
for w in 1 2 4 8 16 32; do for i in 0 5; do one mazes maze512-$w-$i; done; done
