#!/bin/bash
# Round 57's check: main c85687c (lead57 + pages57 merged) against base57 (c8a609c).
F=/work/scratch/final57; T=$F/tree/build/gppc; B=/work/scratch/base57/build/gppc
cd /work/main
echo "mem $(date +%T)"
python3 scripts/mm_memory.py --bench-dir /work/shared/benchmarks --family dao,rooms,random,mazes --gppc before=$B --gppc now=$T -j 2 --out $F/final57-families > $F/mem.log 2>&1
echo "paper $(date +%T)"
python3 scripts/mm_paper.py --bench-dir /work/shared/benchmarks --gppc $T --families dao,rooms,random --every dao=8,rooms=8,random=35 --external 'jps2+=/work/scratch/warthog/jps2plus {map} {scen}' --jps2 jps2+ --work $F/paper/work --out $F/final57-sample.md > $F/paper.log 2>&1
echo "done $(date +%T)"
