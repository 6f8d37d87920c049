#!/bin/bash
# switch_sc1 by the clock: base49, dyn49 and jps in turn, -run after one -pre each, R rounds (default 7).
# usage: dyn49-switch-paired.sh BASE_GPPC NEW_GPPC SCEN OUTDIR [ROUNDS]
# One line per run: round, label, the SUMMARY's longest query by the thread's CPU clock
# (query_cpu_max_us, updates charged), the longest step (max_step_us, wall) and total_cpu_s.
B=$1; N=$2; S=$3; P=$4; R=${5:-7}
mkdir -p $P
for n in base:$B:mm now:$N:mm jps:$B:jps; do
  IFS=: read l bin e <<< "$n"; $bin --entry $e --pre-dir $P/$l -pre $S > /dev/null 2>&1; done
for r in $(seq 1 $R); do for n in base:$B:mm now:$N:mm jps:$B:jps; do
  IFS=: read l bin e <<< "$n"
  $bin --entry $e --pre-dir $P/$l -run $S > $P/out 2>/dev/null
  echo "$r $l $(grep -o 'query_cpu_max_us=[0-9.]*\|max_step_us=[0-9.]*\|total_cpu_s=[0-9.]*' $P/out | tr '\n' ' ')"
done; done
