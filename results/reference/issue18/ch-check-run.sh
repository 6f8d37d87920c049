#!/bin/sh
# -check of ch (default graph=subgoal) with the final binary: the whole dao family, then samples of rooms, mazes, random.
G=/tmp/ch18/gppc_final2 B=/work/shared/benchmarks
cd /tmp/ch18/chk2 && echo "family,map,exit,invalid,over_bound,subopt_max,pre_s" > checks.csv
one() { f=$1; b=$2
  $G --entry ch --pre-dir /tmp/ch18/chk2/pre -check $B/maps/$f/$b.map $B/scenarios/$f/$b.map.scen > out.txt 2>&1; rc=$?
  s=$(tail -1 out.txt)
  v() { echo "$s" | tr ' ' '\n' | grep "^$1=" | cut -d= -f2; }
  echo "$f,$b,$rc,$(v invalid),$(v over_bound),$(v subopt_max),$(v pre_s)" >> checks.csv
  rm -f pre/*
}
for m in $B/maps/dao/*.map; do one dao $(basename $m .map); done
for b in 8room_000 16room_005 32room_005 64room_008; do one rooms $b; done
for b in maze512-1-0 maze512-2-3 maze512-4-6 maze512-8-9 maze512-16-2 maze512-32-5; do one mazes $b; done
for b in random512-10-0 random512-25-3 random512-40-7; do one random $b; done
echo done
