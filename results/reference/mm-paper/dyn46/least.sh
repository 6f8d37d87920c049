#!/bin/sh
# per-query thread CPU, least of rounds: base46 and v7 in turn, --cpu-clock call -full --calls
S=/work/scratch/dyn46/kd/data/switch_sc1_Aurora_TheFrozenSea.scen
for r in 1 2 3 4 5; do
  /work/scratch/base46/build/gppc --entry mm --cpu-clock call -full --calls base.$r.calls $S > /dev/null
  /work/scratch/dyn46/v7/gppc --entry mm --cpu-clock call -full --calls v7.$r.calls $S > /dev/null
done
