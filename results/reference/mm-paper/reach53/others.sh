#!/bin/bash
# others.sh: rooms, random, mazes: per map base53's and this branch's profile and paths' md5 (-full, fresh pre-dir each)
B=/work/shared/benchmarks; T=$(mktemp -d /work/scratch/reach53/fullpre.XXXX)
for fam in rooms random mazes; do for f in $B/maps/$fam/*.map; do m=$(basename $f .map); out="$fam $m"
  for b in /work/scratch/base53/build/gppc ./gppc-final3; do rm -rf $T/*
    p=$($b --entry mm --pre-dir $T --paths $T/p -full $f $B/scenarios/$fam/$m.map.scen | grep SUMMARY | tr ' ' '\n' | sed -n 's/^profile=//p')
    out="$out $p $(md5sum < $T/p | cut -c1-8)"; done; echo $out; done; done; rm -rf $T
