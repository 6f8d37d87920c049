#!/bin/bash
# Runs mm, jps, jps+, ch through the driver on every map of xmaps/ with its scengen scenario (-check).
B=${B:-/work/wt/hyg42/build}
cd /work/scratch/hyg42
for s in xscen/*.map.scen; do
  n=$(basename $s .scen); m=xmaps/$n
  for e in mm jps jps+ ch; do
    timeout 300 $B/gppc --entry $e --pre-dir xpre -check $m $s > xout/$n.$e.out 2> xout/$n.$e.err
    c=$?
    sum=$(grep SUMMARY xout/$n.$e.out | grep -o 'queries=[0-9]* valid=[0-9]* invalid=[0-9]*')
    echo "$n $e exit=$c $sum"
  done
done
