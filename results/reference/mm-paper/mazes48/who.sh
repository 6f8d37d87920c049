#!/bin/bash
# which maps take the coarse JPS: one map's SUMMARY profile, jps, jps_coarse_bytes (base48, -full)
# usage: for f in dao rooms random mazes; do for m in $B/maps/$f/*.map; do echo "$f $(basename $m .map)"; done; done | xargs -P2 -n2 who.sh > who.txt
f=$1; m=$2; B=/work/shared/benchmarks
mkdir -p /work/scratch/mazes48/who/pre_$m
s=$(/work/scratch/base48/build/gppc --entry mm --pre-dir /work/scratch/mazes48/who/pre_$m -full $B/maps/$f/$m.map $B/scenarios/$f/$m.map.scen 2>/dev/null | grep SUMMARY | tr ' ' '\n' | grep -E '^(profile|jps_coarse_bytes|jps)=' | tr '\n' ' ')
rm -rf /work/scratch/mazes48/who/pre_$m
echo "$f $m $s"
