# BEFORE: main at f023a1c built into /tmp/chq33_before/build/gppc; AFTER: this branch's build copied to /tmp/chq33_after_gppc
B=${GPPC_BENCH_DIR:-/work/shared/benchmarks}
for m in rooms/16room_000 rooms/64room_004 dao/orz900d; do
 for tag in before after; do b=/tmp/chq33_after_gppc; [ $tag = before ] && b=/tmp/chq33_before/build/gppc
  n=$(echo $m | tr / _)
  valgrind --tool=callgrind --callgrind-out-file=/tmp/chq33_cg/$n.$tag.out --toggle-collect=abs_ch_run --toggle-collect=abs_ch_begin --toggle-collect=abs_ch_finish $b --entry mm -full --pre-dir /tmp/chq33_pre_cg_$tag $B/maps/$m.map $B/scenarios/$m.map.scen > /tmp/chq33_cg/$n.$tag.txt 2>&1
  echo "$m $tag $(grep totals /tmp/chq33_cg/$n.$tag.out) $(grep SUMMARY /tmp/chq33_cg/$n.$tag.txt | tr ' ' '\n' | grep -E '^queries=')"
 done
done
