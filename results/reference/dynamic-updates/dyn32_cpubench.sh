#!/bin/sh
# usage: cpubench.sh ROUNDS SCEN label=BIN:ENTRY ...   (thread-CPU builds; prints total_s per round)
R=$1; SC=$2; shift 2; D=/work/scratch/startkit-dynamic/data; S=${DYN32:-/work/scratch/dyn32}
for lb in "$@"; do l=${lb%%=*}; rest=${lb#*=}; b=${rest%%:*}; mkdir -p $S/prec_$l; $b --entry mm --pre-dir $S/prec_$l -pre $D/$SC.scen >/dev/null 2>&1; done
for r in $(seq 1 $R); do
  line="round=$r"
  for lb in "$@"; do
    l=${lb%%=*}; rest=${lb#*=}; b=${rest%%:*}; e=${rest#*:}
    t=$($b --entry $e --pre-dir $S/prec_$l -run $D/$SC.scen 2>/dev/null | grep '^SUMMARY' | tr ' ' '\n' | grep -E '^(total_s|invalid|max_step_us|update_work_us_mean)=' | tr '\n' ' ')
    line="$line | $l $t"
  done
  echo "$line"
done
