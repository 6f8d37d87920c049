#!/bin/bash
# paper.sh BASE_BIN NEW_BIN OUTDIR: the dao sample (--every dao=8) by mm_paper.py, mm against ch and jps2+,
# base then new, two rounds (each a work folder of its own: fresh preprocessing)
BASE=$1; NEW=$2; O=$3
cd "$(dirname "$0")/../../../.."
for r in 1 2; do
  for t in base new; do
    BIN=$NEW; [ $t = base ] && BIN=$BASE
    env JPS2PLUS_CLOCK=cpu python3 scripts/mm_paper.py --bench-dir /work/shared/benchmarks --gppc $BIN --families dao \
      --every dao=8 --external 'jps2+=/work/scratch/warthog/jps2plus {map} {scen}' --jps2 jps2+ \
      --work $O/work-$t-$r --out $O/$t-$r.md
  done
done
