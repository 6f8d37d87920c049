#!/bin/sh
# Interleaved rounds (thread CPU clock builds): each round runs, scenario by scenario,
# mm before (24ded16), mm now, jps now. Updates charged as the kit does.
# usage: dynbench3.sh OUT ROUNDS
O=$1; R=$2; D=/work/scratch/startkit-dynamic/data; S=/work/scratch/d32
NEW=$S/cpuclk/build/gppc; OLD=$S/base_cpu/build/gppc
rm -rf $S/pre3_old $S/pre3_new; mkdir -p $S/pre3_old $S/pre3_new
: > $O
for sc in dao_arena2 switch_sc1_Aurora_TheFrozenSea; do
  $OLD --entry mm --pre-dir $S/pre3_old -pre $D/$sc.scen >/dev/null 2>&1
  $NEW --entry mm --pre-dir $S/pre3_new -pre $D/$sc.scen >/dev/null 2>&1
done
for r in $(seq 1 $R); do
  for sc in dao_arena2 switch_sc1_Aurora_TheFrozenSea; do
    for e in mm-before mm jps; do
      case $e in mm-before) A="$OLD --entry mm --pre-dir $S/pre3_old";; mm) A="$NEW --entry mm --pre-dir $S/pre3_new";; jps) A="$NEW --entry jps --pre-dir $S/pre3_new";; esac
      $A -run $D/$sc.scen 2>/dev/null | grep '^SUMMARY' | tr ' ' '\n' | \
        grep -E '^(invalid|total_s|first20_mean_us|max_step_us|update_us_mean|update_us_p99|update_us_max|updates_charged|queries|rederivations|rederive_batches_mean|rederive_us_mean|rederive_us_max|update_work_us_mean)=' | \
        tr '\n' ' ' | sed "s/^/round=$r scen=$sc entry=$e /" >> $O
      echo >> $O
    done
  done
done
