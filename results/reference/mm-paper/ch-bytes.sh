#!/bin/sh
# ch-bytes.sh BEFORE AFTER [WORK]: mm's memory on five maps, two drivers.
# BEFORE, AFTER: gppc binaries (copies outside the tree); WORK: scratch
# folder (default /tmp/ch-bytes). Prints one markdown row a map and driver:
# mm_bytes, mm_bytes_ch, mm_bytes_region (the hierarchy's query scratch is
# counted there), ch_shortcuts, and the process's peak RSS by
# /usr/bin/time -v, each for `-full` (preprocessing, then the scenario).
B=${GPPC_BENCH_DIR:-/work/shared/benchmarks}
W=${3:-/tmp/ch-bytes}
mkdir -p "$W"
echo "| map | driver | mm_bytes | mm_bytes_ch | mm_bytes_region | ch_shortcuts | peak RSS (KB) |"
echo "|---|---|---:|---:|---:|---:|---:|"
for m in dao/orz900d dao/arena2 rooms/16room_000 rooms/8room_002 random/random512-25-5; do
  n=${m#*/}
  for t in before after; do
    bin=$1; [ "$t" = after ] && bin=$2
    rm -rf "$W/pre_$t"
    /usr/bin/time -v "$bin" --entry mm --pre-dir "$W/pre_$t" -full "$B/maps/$m.map" "$B/scenarios/$m.map.scen" \
      > "$W/$n.$t.out" 2> "$W/$n.$t.err"
    s=$(grep -o 'SUMMARY.*' "$W/$n.$t.out" | tr ' ' '\n')
    v() { echo "$s" | grep "^$1=" | head -1 | cut -d= -f2; }
    rss=$(grep 'Maximum resident set size' "$W/$n.$t.err" | awk '{print $NF}')
    echo "| $n | $t | $(v mm_bytes) | $(v mm_bytes_ch) | $(v mm_bytes_region) | $(v ch_shortcuts) | $rss |"
  done
done
