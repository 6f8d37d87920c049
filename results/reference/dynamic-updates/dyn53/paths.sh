#!/bin/bash
# --paths md5 of dyn53's build against base53's (fresh pre-dir each): two static maps and the two dynamic scenarios
B=/work/shared/benchmarks; K=/work/scratch/final51/kd/data
N=${N:-/work/scratch/dyn53/gppc.p1}; O=/work/scratch/base53/build/gppc
run() { d=$(mktemp -d); $2 --entry mm --pre-dir $d --paths $d/p -full $3 $4 > $d/o 2>&1; echo "$(md5sum < $d/p | cut -c1-8) $(grep -o 'invalid=[0-9]*' $d/o | head -1) $(grep -o 'subopt_mean=[0-9.]*' $d/o|head -1) $(grep -o 'subopt_max=[0-9.]*' $d/o|head -1) $1"; rm -rf $d; }
for m in rooms/8room_002 dao/den011d; do
  echo "== $m"; run new $N $B/maps/$m.map $B/scenarios/$m.map.scen; run base53 $O $B/maps/$m.map $B/scenarios/$m.map.scen
done
for s in switch_sc1_Aurora_TheFrozenSea dao_arena2; do
  echo "== $s"; run new $N $K/$s.scen; run base53 $O $K/$s.scen
done
