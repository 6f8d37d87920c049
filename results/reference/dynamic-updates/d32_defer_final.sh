#!/bin/sh
# Final measurements for issue 32's deferral (d32): builds, driver rounds (d32_defer_dynbench.sh), the kit's runner,
# --changes on five DAO maps (before and now), static path md5s, the long differential run.
S=/work/scratch/d32; W=/work/wt/d32; D=/work/scratch/startkit-dynamic/data; B=/work/shared/benchmarks
cd $S && sh sync.sh
rm -rf base_cpu && mkdir base_cpu && git -C $W archive 24ded16 | tar -x -C base_cpu && \
  sed -i 's/CLOCK_MONOTONIC/CLOCK_THREAD_CPUTIME_ID/' base_cpu/common/clock.h && (cd base_cpu && make -j2 build/gppc >/dev/null 2>&1)
cd $S && ./d32_defer_dynbench.sh $S/res/dynbench3.txt 3
# the kit's runner (wall clock, as the kit prints it)
cd $W && make kit-dynamic >/dev/null 2>&1 && cp build/kit-dynamic/lib/libGPPCentry.so $S/kitso/libmm.so && \
  make kit-dynamic KIT_ENTRY=jps >/dev/null 2>&1 && cp build/kit-dynamic/lib/libGPPCentry.so $S/kitso/libjps.so
cd $S/kitrun; : > $S/res/kit3.txt
for sc in dao_arena2 switch_sc1_Aurora_TheFrozenSea; do for e in mm jps; do
  cp $S/kitso/lib$e.so lib/libGPPCentry.so; rm -rf index_data/*
  /usr/bin/time -f "cpu=%U+%S" ./run -full data/$sc.scen > /dev/null 2>run.err; rc=$?
  echo "$sc $e rc=$rc $(python3 $W/results/reference/dynamic-updates/kitcheck.py result.csv) $(tail -1 run.err)" >> $S/res/kit3.txt
done; done
# --changes, before and now, map by map
: > $S/res/changes3.txt
for m in arena2 brc202d den520d orz900d lak303d; do for v in before now; do
  case $v in before) G=$S/base_cpu/build/gppc; P=$S/pre3_ch_old;; now) G=$S/cpuclk/build/gppc; P=$S/pre3_ch_new;; esac
  mkdir -p $P
  $G --entry mm --pre-dir $P --changes $S/ch_$m.txt -full $B/maps/dao/$m.map $B/scenarios/dao/$m.map.scen 2>/dev/null | grep '^SUMMARY' | tr ' ' '\n' | \
    grep -E '^(queries|invalid|skipped|updates|update_us_mean|update_us_p99|update_us_max|total_s|rederivations|rederive_batches_mean|rederive_us_mean|update_work_us_mean)=' | tr '\n' ' ' | sed "s/^/$m $v /" >> $S/res/changes3.txt
  echo >> $S/res/changes3.txt
done; done
# static maps: path columns before and now
$S/d32_static_md5.sh $S/base/build/gppc $W $S/res/static_before.txt
$S/d32_static_md5.sh $W/build/gppc $W $S/res/static_after.txt
# the long differential run
cd $W && GPPC_DYN_DIFF_ROUNDS=30 GPPC_DYN_DIFF_MAPS=$B/maps/dao/arena2.map=$B/scenarios/dao/arena2.map.scen,$B/maps/dao/brc202d.map=$B/scenarios/dao/brc202d.map.scen,$B/maps/dao/den520d.map=$B/scenarios/dao/den520d.map.scen,$B/maps/dao/orz900d.map=$B/scenarios/dao/orz900d.map.scen,$B/maps/dao/lak303d.map=$B/scenarios/dao/lak303d.map.scen \
  GPPC_BENCH_DIR=$B build/test_c --suite dyn_diff > $S/res/dyn_diff_long3.txt 2>&1
echo done > $S/res/final3.done
