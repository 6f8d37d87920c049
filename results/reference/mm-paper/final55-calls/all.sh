#!/bin/bash
# Round 55's final tables: the merged tree (/work/scratch/final55/tree) against base55 (024e2f6), idle machine.
F=/work/scratch/final55; T=$F/tree/build/gppc; B=/work/scratch/base55/build/gppc; K=/work/scratch/kd49
cd /work/main
echo "mem $(date +%T)"
python3 scripts/mm_memory.py --bench-dir /work/shared/benchmarks --family dao,rooms,random,mazes --gppc before=$B --gppc now=$T -j 2 --out $F/final55-families > $F/mem.log 2>&1
echo "paper $(date +%T)"
python3 scripts/mm_paper.py --bench-dir /work/shared/benchmarks --gppc $T --families dao,rooms,random --every dao=8,rooms=8,random=35 --external 'jps2+=/work/scratch/warthog/jps2plus {map} {scen}' --jps2 jps2+ --work $F/paper/work --out $F/final55-sample.md > $F/paper.log 2>&1
echo "least3 $(date +%T)"
python3 scripts/paired.py --bin base55=$B --bin now=$T --maps dao/den203d,dao/orz106d,dao/arena,dao/lak519d,dao/brc997d,dao/lak506d,dao/brc203d,dao/orz303d,rooms/32room_006,rooms/8room_002,random/random512-25-5,mazes/maze512-4-0 --rounds 3 --work $F/least3w --out $F/final55-least3.md > $F/least3.log 2>&1
echo "dyn $(date +%T)"
python3 scripts/dyn_bench.py --gppc $T --kit-dir /work/scratch/final51/kd --entries mm,jps --kit-lib mm=$F/mm.so --kit-lib jps=$F/jps.so --rounds 3 --out $F/dyn > $F/dyn.log 2>&1
python3 scripts/dyn_bench.py --gppc $T --build base55=$B:mm --entries mm,jps --rounds 3 --instructions --out $F/dyn2 /work/scratch/final51/kd/data/dao_arena2.scen /work/scratch/final51/kd/data/switch_sc1_Aurora_TheFrozenSea.scen > $F/dyn2.log 2>&1
echo "pair $(date +%T)"
python3 scripts/paired.py --bin base55=$B --bin now=$T --maps /work/scratch/final51/kd/data/switch_sc1_Aurora_TheFrozenSea.scen --modes run,full --rounds 5 --work $F/pairw --out $F/final55-switch-paired.md > $F/pair.log 2>&1
echo "paperm $(date +%T)"
python3 scripts/mm_paper.py --bench-dir /work/shared/benchmarks --gppc $T --families mazes --every mazes=30 --external 'jps2+=/work/scratch/warthog/jps2plus {map} {scen}' --jps2 jps2+ --work $F/paperm/work --out $F/final55-mazes.md > $F/paperm.log 2>&1
echo "paperm4 $(date +%T)"
python3 scripts/mm_paper.py --bench-dir /work/shared/benchmarks --gppc $T --families mazes --maps maze512-4-0,maze512-4-6 --external 'jps2+=/work/scratch/warthog/jps2plus {map} {scen}' --jps2 jps2+ --work $F/paperm4/work --out $F/final55-mazes4.md > $F/paperm4.log 2>&1
for k in 2 3; do echo "paper$k $(date +%T)"
python3 scripts/mm_paper.py --bench-dir /work/shared/benchmarks --gppc $T --families dao,rooms --every dao=8,rooms=8 --external 'jps2+=/work/scratch/warthog/jps2plus {map} {scen}' --jps2 jps2+ --work $F/paper$k/work --out $F/final55-sample$k.md > $F/paper$k.log 2>&1
done
echo "unseen $(date +%T)"
python3 scripts/paired.py --bin base55=$B --bin now=$T --maps /work/scratch/hyg43/arch/scen/AR0603SR.map,/work/scratch/hyg43/arch/scen/Boston_0_256.map,/work/scratch/hyg43/arch/scen/Paris_1_256.map,/work/scratch/hyg43/arch/scen/hrt201n.map,/work/scratch/hyg43/arch/scen/ht_chantry.map,/work/scratch/hyg43/arch/scen/maze-32-32-2.map,/work/scratch/hyg43/arch/scen/random-64-64-20.map,/work/scratch/hyg43/arch/scen/room-64-64-8.map,/work/scratch/hyg43/arch/scen/warehouse-20-40-10-2-2.map,/work/scratch/hyg43/arch/scen/fixed-tunnel.map,/work/scratch/hyg43/arch/scen/64room_005.map,/work/scratch/hyg43/arch/scen/lak104d.map --rounds 3 --work $F/unseenw --out $F/final55-unseen.md > $F/unseen.log 2>&1
echo "done $(date +%T)"
python3 scripts/paired.py --bin base55=$B --bin now=$T --maps mazes/maze512-4-0,mazes/maze512-4-6 --rounds 5 --work $F/m4w --out $F/final55-maze4-paired.md  # after the rest, idle: least3 read maze512-4-0 at 1.65x
python3 scripts/paired.py --bin base55=$B --bin now=$T --maps rooms/64room_004,rooms/64room_000 --rounds 5 --work $F/r64w --out $F/final55-64room-paired.md  # idle, after: 64room_004 read 1.51-2.07x jps2+ in the samples
