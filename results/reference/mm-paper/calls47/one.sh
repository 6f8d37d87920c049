#!/bin/bash
# one.sh R TAG BIN MAP...: R rounds of one binary (--cpu-clock call --calls)
B=/work/shared/benchmarks; R=$1; T=$2; BIN=$3; shift 3
mkdir -p /work/scratch/calls47/calls/$T /work/scratch/calls47/pre/$T
for r in $(seq 1 $R); do for m in "$@"; do x=$(basename $m)
  $BIN --entry mm --pre-dir /work/scratch/calls47/pre/$T --cpu-clock call --calls /work/scratch/calls47/calls/$T/$x.$r -full $B/maps/$m.map $B/scenarios/$m.map.scen > /work/scratch/calls47/calls/$T/$x.sum.$r 2>&1
done; done
