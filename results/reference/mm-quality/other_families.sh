#!/bin/bash
# usage: other_families.sh GPPC_BASE GPPC_NEW
# Per map: profile, subopt mean and max, and the md5 of the --csv columns
# experiment_id, path_size, path_length, for each binary, on a sample of
# dao, rooms and mazes maps (equal md5: the same path lengths query by query).
B=${GPPC_BENCH_DIR:-/work/shared/benchmarks}
BASE=$1; NEW=$2
for fm in dao/arena2 dao/den520d dao/orz900d dao/lak303d rooms/16room_000 rooms/8room_002 rooms/32room_006 rooms/64room_004 mazes/maze512-1-0 mazes/maze512-4-0 mazes/maze512-16-0; do
  f=${fm%/*}; n=${fm#*/}
  line="$fm"
  for b in "$BASE" "$NEW"; do
    s=$(nice "$b" --entry mm -full $B/maps/$f/$n.map $B/scenarios/$f/$n.map.scen --csv /tmp/fc_$(basename "$b").csv 2>/dev/null | grep SUMMARY)
    md=$(cut -d, -f3-5 /tmp/fc_$(basename "$b").csv | md5sum | cut -c1-12)
    line="$line $(basename "$b") $(echo "$s" | grep -o ' profile=[^ ]*\| subopt_mean=[^ ]*\| subopt_max=[^ ]*' | cut -d= -f2 | tr '\n' ' ') md5=$md"
  done
  echo "$line"
done
