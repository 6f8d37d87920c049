#!/bin/bash
# first20.sh ROUNDS: the rooms sample, ch's whole queries and mm's first 20 steps (base53's build
# and rooms53's, gppc-v2 = d21acdc), interleaved map by map, the order rotated each round; one
# line a run: round map name first20_mean_us total_s queries (table.py reads them)
B=/work/shared/benchmarks
names=(ch base53 rooms53)
bins=("/work/scratch/base53/build/gppc --entry ch" "/work/scratch/base53/build/gppc --entry mm" "/work/scratch/rooms53/gppc-v2 --entry mm")
for r in $(seq 1 $1); do
  for m in 8room_002 16room_000 16room_008 32room_006 64room_004; do
    for k in 0 1 2; do i=$(( (k + r) % 3 ))
      s=$(${bins[$i]} -full $B/maps/rooms/$m.map $B/scenarios/rooms/$m.map.scen 2>/dev/null | grep SUMMARY | tr ' \t' '\n\n')
      echo "$r $m ${names[$i]} $(echo "$s" | grep '^first20_mean_us=' | cut -d= -f2) $(echo "$s" | grep '^total_s=' | cut -d= -f2) $(echo "$s" | grep '^queries=' | cut -d= -f2)"
    done
  done
done
