#!/bin/bash
# calls_def.sh: the default-profile dao maps over their limit in final53-sample, 01b9adb (final53 tree) against base54 (13daee9, a655933 in),
# interleaved map by map, 3 rounds; every call's line with counters, least per call over the rounds (top.py, least.py)
B=/work/shared/benchmarks; S=/work/scratch/calls54
for r in 1 2 3; do for x in lak506d brc203d orz303d; do
  for n in old:/work/scratch/final53/tree/build/gppc base54:/work/scratch/base54/build/gppc; do
    t=${n%%:*}; b=${n#*:}; rm -rf $S/pre-$t-$x
    $b --entry mm --pre-dir $S/pre-$t-$x --cpu-clock call --calls $S/t/$x.$t.$r --call-counters jps,jps_capped,jps_far,jps_tile_fills,center_legs,cache_misses,expanded -full $B/maps/dao/$x.map $B/scenarios/dao/$x.map.scen >/dev/null 2>&1
  done
done; done
