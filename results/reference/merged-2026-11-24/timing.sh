#!/bin/sh
# Timing runs on the final binary (small=192, ahead=3): dao whole and the random sample, where mm changed; nothing else running.
F=/work/scratch/final5 G=$F/gppc EXT='jps2+=/work/scratch/warthog/jps2plus.py {map} {scen}'
cd /work/main
python3 scripts/compare.py --family dao --entries mm,jps,jps+,ch,sub --baseline jps --second 'jps2+' --rounds 3 --external "$EXT" --gppc $G --pre-dir $F/pre_dao --out $F/dao > $F/dao.log 2>&1
R=$(ls /work/shared/benchmarks/maps/random/ | sed 's/.map$//' | sort | awk 'NR%5==1' | paste -sd,)
python3 scripts/compare.py --family random --maps $R --entries mm,jps,jps+,ch,sub --baseline jps --second 'jps2+' --rounds 3 --external "$EXT" --gppc $G --pre-dir $F/pre_random --out $F/random > $F/random.log 2>&1
echo done > $F/timing.done
