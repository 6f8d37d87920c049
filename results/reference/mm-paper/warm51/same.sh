#!/bin/bash
# same.sh BIN TAG MAP...: -full --paths into a fresh pre-dir per TAG; per map the paths' md5 and the SUMMARY's
# deterministic keys (timing, memory-of-process and clock keys left out) into runs/same/TAG/MAP.{paths,sum}
B=/work/shared/benchmarks; BIN=$1; T=$2; shift 2
O=/work/scratch/warm51/runs/same/$T; rm -rf $O; mkdir -p $O/pre
ms() { case $1 in *.map) echo "$1 $1.scen";; *) echo "$B/maps/$1.map $B/scenarios/$1.map.scen";; esac; }
for M in "$@"; do n=$(basename $M .map)
  $BIN --entry mm --pre-dir $O/pre --paths $O/$n.paths -full $(ms $M) > $O/$n.out 2>&1
  grep SUMMARY $O/$n.out | tr ' ' '\n' | grep = | grep -vE '_us=|_s=|^ram_|^rss_|^mem_kb|^cpu_|_clamped=' > $O/$n.sum
  echo "$n $(md5sum < $O/$n.paths | cut -c1-8) $(grep -E '^(mm_bytes|invalid|subopt_mean)=' $O/$n.sum | tr '\n' ' ')"
done
