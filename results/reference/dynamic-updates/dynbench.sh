#!/bin/sh
# Interleaved rounds: each round runs every entry on both scenarios, one after the other.
# usage: dynbench.sh GPPC OUT ROUNDS
G=$1; O=$2; R=$3; D=/work/scratch/startkit-dynamic/data; P=/work/scratch/i32/pre_bench
mkdir -p $P; : > $O
for sc in dao_arena2 switch_sc1_Aurora_TheFrozenSea; do $G --entry mm --pre-dir $P -pre $D/$sc.scen >/dev/null 2>&1; done
for r in $(seq 1 $R); do
  for sc in dao_arena2 switch_sc1_Aurora_TheFrozenSea; do
    for e in mm jps mm-rebuild; do
      case $e in mm-rebuild) [ $sc = dao_arena2 ] && continue; A="--entry mm --rebuild";; *) A="--entry $e";; esac
      $G $A --pre-dir $P -run $D/$sc.scen 2>/dev/null | grep '^SUMMARY' | tr ' ' '\n' | \
        grep -E '^(invalid|total_s|first20_mean_us|max_step_us|update_us_mean|update_us_p99|update_us_max|updates_charged|queries)=' | \
        tr '\n' ' ' | sed "s/^/round=$r scen=$sc entry=$e /" >> $O
      echo >> $O
    done
  done
done
