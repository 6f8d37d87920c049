#!/bin/sh
# Everything for issue 32 / 34.8, sequential. $1: gppc binary (copied), $2: kit .so dir
G=$1; K=$2; S=/work/scratch/i32; B=/work/shared/benchmarks
cd $S
./dynbench.sh $G $S/final_dynbench.txt 3
# The kit's own runner (one round each).
cd $S/kitrun; : > $S/final_kit.txt
for sc in dao_arena2 switch_sc1_Aurora_TheFrozenSea; do for e in mm jps; do
  cp $K/lib$e.so lib/libGPPCentry.so; rm -rf index_data/*
  /usr/bin/time -f "cpu=%U+%S" ./run -full data/$sc.scen > /dev/null 2>run.err; rc=$?
  echo "$sc $e rc=$rc $(python3 kitcheck.py result.csv) $(tail -1 run.err)" >> $S/final_kit.txt
  cp result.csv $S/kit_result_${sc}_$e.csv
done; done
cd $S; : > $S/final_changes.txt
for m in arena2 brc202d den520d orz900d lak303d; do
  python3 /work/wt/i32/scripts/genchanges.py --changes 500 --batch 5 --seed 32 $B/maps/dao/$m.map $B/scenarios/dao/$m.map.scen $S/ch_$m.txt
  $G --entry mm --pre-dir $S/pre_ch --changes $S/ch_$m.txt -full $B/maps/dao/$m.map $B/scenarios/dao/$m.map.scen 2>/dev/null | grep '^SUMMARY' | tr ' ' '\n' | \
    grep -E '^(queries|valid|invalid|skipped|updates|update_us_mean|update_us_p99|update_us_max|total_s)=' | tr '\n' ' ' | sed "s/^/$m /" >> $S/final_changes.txt
  echo >> $S/final_changes.txt
done
rm -f final_pre.txt*; ./runpre.sh $G final_pre.txt 1024 2048 4096 8192
# Static track: the witness CH (old, 14c457a) against the CCH, dao maps, 3 interleaved rounds.
O=/work/scratch/i32/old/build/gppc; : > $S/final_static.txt
for m in arena2 brc202d den520d orz900d lak303d; do for v in old new; do
  [ $v = old ] && X=$O || X=$G
  $X --entry mm --pre-dir $S/pre_static_$v -pre $B/maps/dao/$m.map $B/scenarios/dao/$m.map.scen >/dev/null 2>&1
done; done
for r in 1 2 3; do for m in arena2 brc202d den520d orz900d lak303d; do for v in old new; do
  [ $v = old ] && X=$O || X=$G
  $X --entry mm --pre-dir $S/pre_static_$v -run $B/maps/dao/$m.map $B/scenarios/dao/$m.map.scen 2>/dev/null | grep '^SUMMARY' | tr ' ' '\n' | \
    grep -E '^(invalid|total_s|first20_mean_us|max_step_us|subopt_mean|subopt_max|abs_expanded_mean|ch_bytes)=' | tr '\n' ' ' | sed "s/^/round=$r map=$m v=$v /" >> $S/final_static.txt
  echo >> $S/final_static.txt
done; done; done
# Switch: searches alone (updates not charged), old witness CH against the CCH.
D=/work/scratch/startkit-dynamic/data; : > $S/final_switch_search.txt
for r in 1 2 3; do for v in old new; do
  [ $v = old ] && A="$O" || A="$G --charge-updates 0"
  $A --entry mm --pre-dir $S/pre_sw_$v -full $D/switch_sc1_Aurora_TheFrozenSea.scen 2>/dev/null | grep '^SUMMARY' | tr ' ' '\n' | \
    grep -E '^(invalid|total_s|first20_mean_us|abs_expanded_mean|update_us_mean|ch_bytes)=' | tr '\n' ' ' | sed "s/^/round=$r v=$v /" >> $S/final_switch_search.txt
  echo >> $S/final_switch_search.txt
done; done
