#!/bin/bash
# cg40.sh LABEL BIN: callgrind instructions in mm_get_path, random512-40-1's first 1700 queries (query 1602 is its corridor fallback)
B=/work/shared/benchmarks
label=$1; bin=$2; m=random512-40-1
valgrind --tool=callgrind --toggle-collect=mm_get_path --callgrind-out-file=/work/scratch/randmem41/cg/$label.$m-first1700.out \
  $bin --pre-dir /work/scratch/randmem41/pre-cg-$label -full $B/maps/random/$m.map /work/scratch/randmem41/scen/$m-first1700.map.scen \
  > /dev/null 2> /work/scratch/randmem41/cg/$label.$m-first1700.err
echo "$label $m-first1700 $(grep -o 'Collected : [0-9]*' /work/scratch/randmem41/cg/$label.$m-first1700.err)"
