#!/bin/bash
# Each call's least CPU reading over 3 rounds (--calls), base42b (48ab16a) and grow42 interleaved map by map; calls40/least.py
B=/work/shared/benchmarks; S=/work/scratch/grow42/least; L=/work/main/results/reference/mm-paper/calls40/least.py
for r in 1 2 3; do for m in den203d orz704d arena2 brc997d; do
  for n in before:/work/scratch/base42b/build/gppc now:/work/wt/grow42/build/gppc; do
    mkdir -p $S/${n%%:*}/pre
    ${n#*:} --entry mm --pre-dir $S/${n%%:*}/pre --cpu-clock call --calls $S/${n%%:*}/$m.$r -full $B/maps/dao/$m.map $B/scenarios/dao/$m.map.scen >/dev/null 2>&1
  done
done; done
for m in den203d orz704d arena2 brc997d; do for b in before now; do echo "$m $b $(python3 $L $S/$b/$m.1 $S/$b/$m.2 $S/$b/$m.3)"; done; done
