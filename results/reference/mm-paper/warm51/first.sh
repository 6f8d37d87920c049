#!/bin/bash
# first.sh ROUNDS MAP:QUERY...: the map's query QUERY alone (a one-query scenario: right after prepare), -run
# --cpu-clock call --calls, base51 and warm51 (bin_v3) interleaved, ROUNDS rounds; then each call's least (top.py)
B=/work/shared/benchmarks; R=$1; shift; O=/work/scratch/warm51/first; rm -rf $O; mkdir -p $O
for mq in "$@"; do M=${mq%:*}; Q=${mq##*:}; n=$(basename $M .map)
  case $M in *.map) MAP=$M; S=$M.scen;; *) MAP=$B/maps/$M.map; S=$B/scenarios/$M.map.scen;; esac
  awk -v q=$Q 'NR==1{print;next} NR==q+2{print}' $S > $O/$n.scen
done
for r in $(seq 1 $R); do for mq in "$@"; do M=${mq%:*}; n=$(basename $M .map)
  case $M in *.map) MAP=$M;; *) MAP=$B/maps/$M.map;; esac
  for t in base warm; do bin=/work/scratch/base51/build/gppc; [ $t = warm ] && bin=/work/scratch/warm51/bin_v3
    $bin --entry mm --pre-dir /work/scratch/warm51/runs/base/pre -run --cpu-clock call --calls $O/$n.$t.r$r.calls $MAP $O/$n.scen > /dev/null 2>&1
  done; done; done
for mq in "$@"; do n=$(basename ${mq%:*} .map); for t in base warm; do
  (cd $O && python3 /work/scratch/warm51/top.py . $n.$t 2 | sed "s/^/$t /"); done; done
