#!/bin/sh
# switch.sh BIN: jps+'s prune_diag (SUMMARY counter) on every map of the four families (first query of each scenario only)
G=$1; B=/work/shared/benchmarks; T=/tmp/jpr/sw; mkdir -p $T/pre
echo "family,map,prune_diag"
for fam in dao rooms mazes random; do for m in $B/maps/$fam/*.map; do b=$(basename $m .map)
  head -2 $B/scenarios/$fam/$b.map.scen > $T/one.scen
  v=$(nice -n 15 $G --entry jps+ --pre-dir $T/pre -full $m $T/one.scen 2>&1 | grep -o "prune_diag=[0-9]*" | cut -d= -f2)
  rm -f $T/pre/*; echo "$fam,$b,$v"
done; done
