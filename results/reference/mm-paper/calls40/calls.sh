#!/bin/bash
# Longest call by the thread's CPU clock, before = 7146da3 (main f5baab0 + this branch's --calls, mm unchanged) against this branch, interleaved map by map, 3 rounds;
# each run also writes --calls, so each call's least reading over the rounds can be taken (top.py).
B=/work/shared/benchmarks; S=/work/scratch/calls40
for m in rooms/32room_006 rooms/8room_002 mazes/maze512-32-0; do
  for r in 1 2 3; do
    for n in before:/work/scratch/calls40/drv/build/gppc now:$S/gppc_now; do
      t=${n%%:*}; b=${n#*:}; x=$(basename $m)
      s=$($b --entry mm --pre-dir $S/pre-$t --cpu-clock call --calls $S/t/$x.$t.$r -full $B/maps/$m.map $B/scenarios/$m.map.scen 2>/dev/null | grep SUMMARY)
      echo "$m $t $r $(echo "$s" | grep -o 'call_cpu_max_us=[0-9.]*\|call_max_us=[0-9.]*\|call_cpu_p999_us=[0-9.]*' | tr '\n' ' ')"
    done
  done
done
