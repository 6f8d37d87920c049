#!/bin/bash
# paths.sh: --paths md5 of every query's cells, -full, before (main at start) and now, on maps of three families
B=/work/shared/benchmarks
W=/work/scratch/randmem41/paths
for m in random/random512-10-4 random/random512-25-5 random/random512-40-1 random/random512-35-7 random/random512-15-3 dao/orz704d dao/brc201d; do
  fam=${m%/*}; name=${m#*/}
  for b in before:/work/scratch/base41/build/gppc now:/work/scratch/randmem41/now/build/gppc; do
    label=${b%%:*}; bin=${b#*:}
    $bin --pre-dir $W/pre-$label -full --paths $W/$label.$name.txt $B/maps/$fam/$name.map $B/scenarios/$fam/$name.map.scen 2>&1 | grep '^SUMMARY' | tr ' ' '\n' | grep -E '^(invalid|subopt_mean|corridor_fallbacks)=' | tr '\n' ' ' > $W/$label.$name.sum
  done
  echo "$name before $(md5sum < $W/before.$name.txt | cut -c1-12) $(cat $W/before.$name.sum)| now $(md5sum < $W/now.$name.txt | cut -c1-12) $(cat $W/now.$name.sum)"
done
