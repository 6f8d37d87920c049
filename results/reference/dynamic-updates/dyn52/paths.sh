#!/bin/bash
# --paths md5 of dyn52's build against base52's (fresh pre-dir each): three static maps and the two dynamic scenarios
B=/work/shared/benchmarks; K=/work/scratch/final51/kd/data
N=${N:-/work/scratch/dyn52/gppc.final}; O=/work/scratch/base52/build/gppc
run() { d=$(mktemp -d); $2 --entry mm --pre-dir $d --paths $d/p -full $3 $4 > $d/o 2>&1; echo "$(md5sum < $d/p | cut -c1-8) $(grep -o 'invalid=[0-9]*' $d/o | head -1) $(grep -o 'subopt_mean=[0-9.]*' $d/o|head -1) $(grep -o 'subopt_max=[0-9.]*' $d/o|head -1) $1"; rm -rf $d; }
for m in rooms/8room_002 mazes/maze512-1-0 dao/den011d; do
  echo "== $m"; run dyn52 $N $B/maps/$m.map $B/scenarios/$m.map.scen; run base52 $O $B/maps/$m.map $B/scenarios/$m.map.scen
done
for s in switch_sc1_Aurora_TheFrozenSea dao_arena2; do
  echo "== $s"; run dyn52 $N $K/$s.scen; run base52 $O $K/$s.scen
done
