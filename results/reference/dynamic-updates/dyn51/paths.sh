#!/bin/bash
# --paths md5 of dyn51's build against base51's (fresh pre-dir each), the static families' maps and the two dynamic scenarios
B=/work/shared/benchmarks; K=/work/scratch/final50/kd/data
N=${N:-/work/scratch/dyn51/gppc.final}; O=/work/scratch/base51/build/gppc
run() { d=$(mktemp -d); $2 --entry mm --pre-dir $d --paths $d/p -full $3 $4 > $d/o 2>&1; echo "$(md5sum < $d/p | cut -c1-8) $(grep -o 'invalid=[0-9]*' $d/o | head -1) $(grep -o 'subopt_mean=[0-9.]*' $d/o|head -1) $1"; rm -rf $d; }
for m in rooms/8room_002 rooms/32room_006 mazes/maze512-1-0 dao/den011d; do
  echo "== $m"; run dyn51 $N $B/maps/$m.map $B/scenarios/$m.map.scen; run base51 $O $B/maps/$m.map $B/scenarios/$m.map.scen
done
for s in switch_sc1_Aurora_TheFrozenSea dao_arena2; do
  echo "== $s"; run dyn51 $N $K/$s.scen; run base51 $O $K/$s.scen
done
