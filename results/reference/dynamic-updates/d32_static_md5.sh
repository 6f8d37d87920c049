#!/bin/sh
# md5 of the path columns (experiment_id, path_size, path_length, ref_length) of --csv on every embedded map.
# usage: static_md5.sh GPPC TREE OUT
G=$1; T=$2; O=$3; : > $O
cd $T
for s in scenarios/*/*.scen; do
  m=maps/${s#scenarios/}; m=${m%.scen}
  $G --entry mm -full $m $s --csv /tmp/d32_static.csv >/dev/null 2>&1
  echo "$s $(cut -d, -f3-6 /tmp/d32_static.csv | md5sum | cut -c1-32)" >> $O
done
