#!/bin/bash
# mm_paper on the dao and rooms samples, mm and ch, 3 rounds, for base51 and this branch (gppc.B: the
# committed search code before clang-format, the same code), one after the other: paper-*.md
cd /work/wt/jpsfast51
R=results/reference/mm-paper/jpsfast51
for b in base51 jpsfast51; do
  bin=/work/scratch/base51/build/gppc; [ $b = jpsfast51 ] && bin=/work/scratch/jpsfast51/gppc.B
  python3 scripts/mm_paper.py --bench-dir /work/shared/benchmarks --gppc $bin --families dao,rooms --every dao=8,rooms=8 --entries mm,ch --jps2 ch --rounds 3 --work /work/scratch/jpsfast51/paper-$b --out $R/paper-$b.md
done
