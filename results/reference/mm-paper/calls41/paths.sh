#!/bin/bash
# paths.sh TAG BIN: md5 of --paths (whole scenarios) and SUMMARY's invalid, subopt_mean, mm_bytes
B=/work/shared/benchmarks; S=/work/scratch/calls41/paths; mkdir -p $S
for m in rooms/32room_006 rooms/8room_002 mazes/maze512-32-0 random/random512-25-5 dao/brc997d dao/lak400d dao/den203d dao/orz704d; do
  x=$(basename $m)
  s=$($2 --entry mm --paths $S/$1.$x -full $B/maps/$m.map $B/scenarios/$m.map.scen 2>/dev/null | grep SUMMARY)
  echo "$1 $x $(md5sum < $S/$1.$x | cut -c1-12) $(echo "$s" | grep -o 'invalid=[0-9]*\|subopt_mean=[0-9.]*\|mm_bytes=[0-9]*' | tr '\n' ' ')"
done
