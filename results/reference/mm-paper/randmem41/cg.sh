#!/bin/bash
# cg.sh LABEL BIN MAP...: callgrind instructions in mm_get_path, -full of the whole scenario
B=/work/shared/benchmarks
label=$1; bin=$2; shift 2
for m in "$@"; do
  valgrind --tool=callgrind --toggle-collect=mm_get_path --callgrind-out-file=/work/scratch/randmem41/cg/$label.$m.out \
    $bin --pre-dir /work/scratch/randmem41/pre-cg-$label -full $B/maps/random/$m.map $B/scenarios/random/$m.map.scen \
    > /dev/null 2> /work/scratch/randmem41/cg/$label.$m.err
  echo "$label $m $(grep -o 'Collected : [0-9]*' /work/scratch/randmem41/cg/$label.$m.err)"
done
