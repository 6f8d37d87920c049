#!/bin/bash
# counters.sh: the refiner's per-call counters, base55 against the final build, the 7 maps: same columns (md5 of query, call, cells, done and the counters)
D=/work/shared/benchmarks; W=/work/scratch/calls55/ctr; mkdir -p $W
for m in lak519d brc997d den504d den011d lak506d brc203d orz303d; do
  for b in base final; do BIN=$([ $b = base ] && echo /work/scratch/base55/build/gppc || echo /work/scratch/calls55/gppc_final)
    $BIN --entry mm -full --pre-dir /work/scratch/calls55/paths_$([ $b = base ] && echo base || echo now)/pre --cpu-clock call --calls $W/$m.$b.txt --call-counters refine_expanded,abs_expanded,expanded,legs_mean $D/maps/dao/$m.map $D/scenarios/dao/$m.map.scen > /dev/null 2>&1
  done
  s=$(awk -F'\t' '{for(i=9;i<=NF;i++) if($i!=0 && NR>1) n++} END{print n+0}' $W/$m.base.txt)
  echo "| $m | $(cut -f1-4,9- $W/$m.base.txt | md5sum | cut -c1-10) | $(cut -f1-4,9- $W/$m.final.txt | md5sum | cut -c1-10) | $s |"
done
