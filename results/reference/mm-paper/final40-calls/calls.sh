#!/bin/bash
# Longest call by the thread's CPU clock and mm_bytes, base f5baab0 against the merged tree (28224a9), interleaved, 3 rounds
B=/work/shared/benchmarks
for m in dao/orz704d dao/den203d dao/lak106d rooms/32room_006 rooms/8room_002 random/random512-25-5 mazes/maze512-32-0; do
  for r in 1 2 3; do
    for n in before:/work/scratch/base40/build/gppc now:/work/scratch/final40/tree/build/gppc; do
      s=$(${n#*:} --entry mm --cpu-clock call -full $B/maps/$m.map $B/scenarios/$m.map.scen 2>/dev/null | grep SUMMARY)
      echo "$m ${n%%:*} $r $(echo "$s" | grep -o 'call_cpu_max_us=[0-9.]*\|call_max_us=[0-9.]*\|call_cpu_p999_us=[0-9.]*\|mm_bytes=[0-9]*' | tr '\n' ' ')"
    done
  done
done
