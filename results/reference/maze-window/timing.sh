#!/bin/sh
# The runs of this folder, one after another on one binary, nothing else running.
# usage: F=SCRATCH G=GPPC B=../shared/benchmarks timing.sh
# Writes $F/<part>/compare.{md,csv} (scripts/compare.py) and $F/<part>.log:
#   embedded  mm, jps, jps+ on maps/ + scenarios/ (5 rounds)
#   dao       mm, jps + warthog's jps2+ on every dao map (3 rounds)
#   rooms     mm, jps on every rooms map; mazes, random: samples (every 5th map)
#   quality-mazes, quality-random: mm alone on every map of the family (1 round)
F=${F:-/tmp/maze-window} G=${G:-$F/gppc} B=${B:-../shared/benchmarks}
EXT=${EXT:-'jps2+=/work/scratch/warthog/jps2plus.py {map} {scen}'}  # warthog's jps2+, built outside the tree
cd "$(dirname "$0")/../../.." || exit 1
R=$(ls "$B"/maps/random/ | sed 's/.map$//' | sort | awk 'NR%5==1' | paste -sd,)
M=maze512-1-0,maze512-1-5,maze512-16-0,maze512-16-5,maze512-2-0,maze512-2-5,maze512-32-0,maze512-32-5,maze512-4-0,maze512-4-5,maze512-8-0,maze512-8-5
C="python3 scripts/compare.py --gppc $G"
$C --bench-dir . --family mazes,random,rooms --entries mm,jps,jps+ --baseline jps --rounds 5 --pre-dir $F/pre_emb --out $F/embedded > $F/embedded.log 2>&1
$C --bench-dir "$B" --family dao --entries mm,jps --baseline jps --second 'jps2+' --rounds 3 --external "$EXT" --pre-dir $F/pre_dao --out $F/dao > $F/dao.log 2>&1
$C --bench-dir "$B" --family rooms --entries mm,jps --baseline jps --rounds 3 --pre-dir $F/pre_rooms --out $F/rooms > $F/rooms.log 2>&1
$C --bench-dir "$B" --family mazes --maps $M --entries mm,jps --baseline jps --rounds 3 --pre-dir $F/pre_mazes --out $F/mazes > $F/mazes.log 2>&1
$C --bench-dir "$B" --family random --maps $R --entries mm,jps --baseline jps --second 'jps2+' --rounds 3 --external "$EXT" --pre-dir $F/pre_random --out $F/random > $F/random.log 2>&1
$C --bench-dir "$B" --family mazes --entries mm --rounds 1 --pre-dir $F/pre_qm --out $F/quality-mazes > $F/qmazes.log 2>&1
$C --bench-dir "$B" --family random --entries mm --rounds 1 --pre-dir $F/pre_qr --out $F/quality-random > $F/qrandom.log 2>&1
