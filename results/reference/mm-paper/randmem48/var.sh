#!/bin/bash
m=$1; o=$2; B=/work/scratch/randmem48/gppc.v2
d=/work/scratch/randmem48/prev_$(echo "$o" | tr ':=,.' '____'); mkdir -p $d
echo "$m $o $($B --entry mm$o --pre-dir $d -full /work/shared/benchmarks/maps/random/$m.map /work/shared/benchmarks/scenarios/random/$m.map.scen 2>/dev/null | tail -1 | tr ' ' '\n' | grep -E '^(subopt_mean|subopt_max|mm_bytes|profile)=' | tr '\n' ' ')"
