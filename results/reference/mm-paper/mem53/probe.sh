#!/bin/sh
# probe.sh MAPFAM/MAP [env...]: the probe build's P_ counters and the parts
B=/work/shared/benchmarks
m=$1; shift
env "$@" ${PROBE_GPPC:-/work/scratch/mem53/probe_gppc} --entry mm -full $B/maps/$m.map $B/scenarios/$m.map.scen 2>&1 | tr ' ' '\n' | grep -E "^P_|^mm_bytes|^jps_tile|^profile|^jps=|^jps_capped|^invalid|^subopt_mean"
