#!/bin/sh
# The longest steps at base57 on the dynamic kit's two maps: the kit's runner and the driver's
# per-call CPU clock. Run from a worktree at c8a609c's code (the kit lib is built from it).
set -e
S=/work/scratch/dyn57
G=/work/scratch/base57/build/gppc
make -j2 kit-dynamic && cp build/kit-dynamic/lib/libGPPCentry.so $S/mm-base57.so
cp -r /work/scratch/final51/kd $S/kd
python3 scripts/dyn_bench.py --gppc $G --kit-dir $S/kd --entries mm --baseline mm \
    --kit-lib mm=$S/mm-base57.so --rounds 1 --out $S/dyn
# the kit's result.csv after a run is that map's only: longest steps, the first columns' query
(cd $S/kd && ./run -full data/dao_arena2.scen && sort -t, -k10 -n -r result.csv | head -5)
(cd $S/kd && ./run -full data/switch_sc1_Aurora_TheFrozenSea.scen && sort -t, -k10 -n -r result.csv | head -5)
for m in switch_sc1_Aurora_TheFrozenSea dao_arena2; do
    $G --entry mm --pre-dir $S/pre/$m -pre $S/kd/data/$m.scen
    $G --entry mm --pre-dir $S/pre/$m --cpu-clock call --calls $S/calls-$m.csv -run $S/kd/data/$m.scen
    sort -t"$(printf '\t')" -k6 -g -r $S/calls-$m.csv | head -5
done
