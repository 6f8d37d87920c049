#!/bin/bash
# memory by part on rooms and mazes, base50 against a build: mem.sh BIN OUT
cd /work/wt/chmem50
python3 scripts/mm_memory.py --bench-dir /work/shared/benchmarks --family rooms,mazes --gppc base50=/work/scratch/base50/build/gppc --gppc "chmem50=$1" -j 2 --out "$2"
