#!/bin/sh
# abs_bytes and ch_bytes per dao map: build/gppc --entry mm -pre MAP none (prints the instance's counters)
G=${1:-build/gppc}
echo "# map, height, width, then key=value: abs_bytes, regions, edges, ch_bytes, ch_shortcuts"
for m in ../shared/benchmarks/maps/dao/*.map; do
  n=$(basename $m .map); h=$(sed -n 2p $m | awk '{print $2}'); w=$(sed -n 3p $m | awk '{print $2}')
  c=$(nice -n 10 $G --entry mm --pre-dir ${PRE:-/tmp/abspre} -pre $m none 2>&1 | tr ' ' '\n' | grep -E '^(abs_bytes|ch_bytes|ch_shortcuts|regions|edges)=' | tr '\n' ' ')
  echo "$n $h $w $c"
done
