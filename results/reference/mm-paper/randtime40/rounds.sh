#!/bin/bash
# per-call CPU and wall (calldump patch), binaries interleaved, R rounds, one map's whole scenario
B=/work/shared/benchmarks
R=${R:-3}; m=${MAP:-random/random512-25-5}
mkdir -p d pre
for r in $(seq 1 $R); do for t in ${BINS:-base new}; do
  s=$(CALLDUMP=1 ./$t/build/gppc --pre-dir pre/$t --entry mm --cpu-clock call -full $B/maps/$m.map $B/scenarios/$m.map.scen 2>d/$(basename $m).$t.$r.err | grep SUMMARY)
  echo "$m $t $r $(echo "$s" | grep -o 'call_cpu_max_us=[0-9.]*\|call_max_us=[0-9.]*\|call_cpu_p999_us=[0-9.]*\|call_p999_us=[0-9.]*\|total_cpu_s=[0-9.]*' | tr '\n' ' ')"
done; done
