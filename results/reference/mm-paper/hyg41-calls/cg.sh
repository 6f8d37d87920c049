#!/bin/bash
# callgrind cache simulation inside mm_get_path: main's driver (gppc_main, 6c829b8) and this branch's (gppc_now), each with and without --calls.
# usage: cg.sh MAP... (family/name; each map's mm -pre already in /work/scratch/hyg41/calls/before/pre); prints the summary of each callgrind file.
B=/work/shared/benchmarks; O=/work/scratch/hyg41/calls/cg; mkdir -p $O
for m in "$@"; do x=$(basename $m)
 for g in main now; do for k in off on; do
  extra=""; [ $k = on ] && extra="--calls $O/$x.$g.tsv"
  valgrind --tool=callgrind --cache-sim=yes --toggle-collect=mm_get_path --callgrind-out-file=$O/$x.$g.$k.out \
    ./gppc_$g --entry mm --pre-dir /work/scratch/hyg41/calls/before/pre --cpu-clock call $extra -run $B/maps/$m.map $B/scenarios/$m.map.scen >/dev/null 2>$O/$x.$g.$k.err
  echo "$m $g $k $(grep -E '^summary|^events' $O/$x.$g.$k.out | tr '\n' ' ')"
 done; done
done
