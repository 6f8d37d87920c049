#!/bin/bash
f=$1; m=$(basename $f .map); B=$2; tag=$3
mkdir -p /work/scratch/randmem48/pre_$tag
echo "$m $tag $($B --pre-dir /work/scratch/randmem48/pre_$tag --paths /work/scratch/randmem48/paths_$tag.$m -full $f /work/shared/benchmarks/scenarios/random/$m.map.scen 2>/dev/null | tail -1 | tr ' ' '\n' | grep -E '^(queries|subopt_mean|subopt_max|mm_bytes|profile|mm_bytes_region|mm_bytes_jps|mm_bytes_abs)=' | tr '\n' ' ')"
