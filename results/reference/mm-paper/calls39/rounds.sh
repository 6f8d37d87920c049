#!/bin/bash
# per-call longest (CPU and wall) and p99.9, 3 binaries interleaved, R rounds; dumps per call for top.py
B=/work/shared/benchmarks
R=${R:-3}
for r in $(seq 1 $R); do for m in ${MAPS:-dao/orz704d dao/den203d dao/lak106d}; do for t in ${BINS:-b1b7c10 now fix}; do
  s=$(CALLDUMP=1 /work/scratch/calls39/$t/build/gppc --entry mm --cpu-clock call -full $B/maps/$m.map $B/scenarios/$m.map.scen 2>/work/scratch/calls39/d/$(basename $m).$t.$r.err | grep SUMMARY)
  echo "$m $t $r $(echo "$s" | grep -o 'call_cpu_max_us=[0-9.]*\|call_max_us=[0-9.]*\|call_cpu_p999_us=[0-9.]*\|call_p999_us=[0-9.]*\|total_cpu_s=[0-9.]*' | tr '\n' ' ')"
done; done; done
