#!/bin/bash
# Round 58's memory check: main 68dc72a (lead58 merged; keep58's results only) against base58 (7e0cee1).
# The paper sample was not run again: no static code path changed (the same paths on 5 benchmark
# maps and the 11 embedded ones, scripts/same_paths.py), so final57-sample.md stands.
B=/work/scratch/base58/build/gppc; T=/work/scratch/r58/main-final-gppc # main's build/gppc at 68dc72a, copied
cd /work/main
python3 scripts/mm_memory.py --bench-dir /work/shared/benchmarks --family dao,rooms,random,mazes \
    --gppc base58=$B --gppc now=$T -j 2 --out /work/scratch/r58/final/final58-families
