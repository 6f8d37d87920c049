#!/bin/bash
# --calls on/off for two drivers, interleaved: each round runs main-off main-on now-off now-on (order rotated per round),
# mm with --cpu-clock call, -run from one shared preprocessing. usage: calls_ab2.sh ROUNDS OUTDIR MAP...
R=$1; O=$2; shift 2
B=/work/shared/benchmarks; D=/work/scratch/hyg41/calls
mkdir -p $O/pre $O/t
V=(main:off main:on now:off now:on)
for m in "$@"; do
  x=$(basename $m)
  $D/gppc_main --entry mm --pre-dir $O/pre -pre $B/maps/$m.map >/dev/null 2>&1
  for r in $(seq 1 $R); do
    for i in 0 1 2 3; do
      v=${V[$(( (i + r) % 4 ))]}; g=${v%%:*}; k=${v#*:}
      extra=""; [ $k = on ] && extra="--calls $O/t/$x.$g.$r"
      s=$($D/gppc_$g --entry mm --pre-dir $O/pre --cpu-clock call $extra -run $B/maps/$m.map $B/scenarios/$m.map.scen 2>/dev/null | grep SUMMARY)
      echo "$m $g-$k $r $(echo "$s" | grep -o ' total_s=[0-9.]*\| total_cpu_s=[0-9.]*\|call_cpu_p999_us=[0-9.]*\|call_cpu_max_us=[0-9.]*\|call_p999_us=[0-9.]*' | tr '\n' ' ')"
    done
  done
done
