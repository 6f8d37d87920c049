#!/bin/sh
# usage: dyn32b_cpubench.sh ROUNDS SCEN label=BIN:ENTRY ...
# Thread-CPU rounds through our driver: BIN is a build whose common/clock.h
# reads CLOCK_THREAD_CPUTIME_ID in clock_now_ns (outside the tree), so a
# call's time leaves out waits for a core. Per round each label runs
# `-full` once, in the order given (interleaved); prints SUMMARY's total_s,
# invalid, the longest call and the update work per update.
R=$1; SC=$2; shift 2; D=${DYN_DATA:-/work/scratch/startkit-dynamic/data}
for r in $(seq 1 "$R"); do
  line="round=$r"
  for lb in "$@"; do
    l=${lb%%=*}; rest=${lb#*=}; b=${rest%%:*}; e=${rest#*:}
    t=$($b --entry "$e" -full "$D/$SC.scen" 2>/dev/null | grep '^SUMMARY' | tr ' ' '\n' |
        grep -E '^(total_s|invalid|max_step_us|update_us_mean|update_work_us_mean)=' | tr '\n' ' ')
    line="$line | $l $t"
  done
  echo "$line"
done
