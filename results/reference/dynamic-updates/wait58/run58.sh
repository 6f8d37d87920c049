#!/bin/bash
# wait58: a waiting query's calls on the dynamic track, base58 (7e0cee1) against lead58.
# B, L: the two drivers; KD: startkit-dynamic compiled by its ./compile.sh; *.so: `make kit-dynamic`
# (KIT_ENTRY=jps for jps.so) in each tree. O: where the calls files and tables go.
B=/work/scratch/base58/build/gppc; L=/work/scratch/r58/lead-final-gppc; KD=/work/scratch/r58/kd
O=/work/scratch/r58/wait58; mkdir -p $O
cd "$(dirname "$0")/../../../.."
for m in dao_arena2 switch_sc1_Aurora_TheFrozenSea; do
    for b in base:$B lead:$L; do n=${b%%:*}; g=${b#*:}
        $g --entry mm --pre-dir $O/pre-$n -pre $KD/data/$m.scen > /dev/null; done
    for r in 1 2 3; do # interleaved, the order alternated
        order="base:$B lead:$L"; [ $((r % 2)) = 0 ] && order="lead:$L base:$B"
        for b in $order; do n=${b%%:*}; g=${b#*:}
            $g --entry mm --pre-dir $O/pre-$n -run $KD/data/$m.scen --cpu-clock call \
                --calls $O/$n-$m-$r.calls > $O/$n-$m-$r.out 2>&1 || echo "$n $m round $r: exit $?"
        done
    done
    for n in base lead; do echo "$m $n $(python3 results/reference/mm-paper/calls40/least.py $O/$n-$m-*.calls)"; done
done
python3 scripts/dyn_bench.py --gppc $L --entries mm,jps --build base=$B:mm --kit-dir $KD \
    --kit-lib mm=/work/scratch/r58/lead-final-mm.so --kit-lib base=/work/scratch/r58/base-mm.so \
    --kit-lib jps=/work/scratch/r58/jps.so --rounds 5 --pre-dir $O/db/pre --out $O/db
python3 scripts/dyn_bench.py --gppc $L --entries mm --build base=$B:mm --rounds 1 --instructions \
    --pre-dir $O/dbi/pre --out $O/dbi $KD/data/dao_arena2.scen $KD/data/switch_sc1_Aurora_TheFrozenSea.scen
