#!/bin/bash
# builds the archive entries not yet cached, one after another, with main's builder (base43)
export GPPC_EXT_CACHE=/work/scratch/hyg43/arch/cache
for e in "$@"; do
  t0=$(date +%s)
  python3 /work/scratch/base43/scripts/ext_build.py classic/2023/$e > build.$e.out 2> build.$e.err
  echo "$e rc=$? $(( $(date +%s) - t0 ))s" >> builds.txt
done
