#!/bin/bash
# Every archived classic entry (and the start kit's example) through our driver's ext:DIR on two maps, -check, 600 s limit each.
# usage: runext.sh DIR... (folders extracted by extract.sh); one line per (entry, map); outputs in $A/out/
B=/work/shared/benchmarks; G=/work/wt/hyg41/build/gppc; A=/work/scratch/hyg41/arch
export GPPC_EXT_CACHE=$A/cache
for d in "$@"; do
  n=$(basename $d)
  for m in dao/arena2 rooms/8room_000; do
    x=$(basename $m); mkdir -p $A/pre/$n
    t0=$(date +%s)
    timeout 900 $G --entry ext:$d --pre-dir $A/pre/$n --time-limit 600 -check $B/maps/$m.map $B/scenarios/$m.map.scen > $A/out/$n.$x.out 2> $A/out/$n.$x.err
    rc=$?
    echo "$n $m rc=$rc $(( $(date +%s) - t0 ))s $(grep -o 'queries=[0-9]*\|valid=[0-9]*\|invalid=[0-9]*\|subopt_max=[0-9.]*\|mem_kb=[0-9]*\| total_s=[0-9.]*' $A/out/$n.$x.out | tr '\n' ' ') | $(tail -2 $A/out/$n.$x.err | tr '\n' ' ' | cut -c1-300)"
  done
done
