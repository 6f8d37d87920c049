#!/bin/bash
# flagsweep.sh NAME "FLAGS A" "FLAGS B" files... : per file, A then B, CPU seconds summed
name=$1; A=$2; B=$3; shift 3
ta=0; tb=0
for f in "$@"; do
  a=$( { /usr/bin/time -f "%U %S" cc $A -c $f -o /tmp/infra51_a.o; } 2>&1 | tail -1 | awk '{print $1+$2}')
  b=$( { /usr/bin/time -f "%U %S" cc $B -c $f -o /tmp/infra51_b.o; } 2>&1 | tail -1 | awk '{print $1+$2}')
  ta=$(echo "$ta+$a" | bc); tb=$(echo "$tb+$b" | bc)
done
echo "$name: A $ta B $tb over $# files"
