#!/bin/sh
# The timing runs of this folder, on one binary, nothing else running.
# usage: F=SCRATCH G=GPPC timing.sh PART...
#   parts: embedded dao random rooms mazes qrandom qmazes wrandom
# Writes $F/<part>/compare.{md,csv} (compare.py) and $F/<part>.log.
F=${F:-/tmp/final} G=${G:-$F/gppc} B=${B:-../shared/benchmarks}
EXT=${EXT:-'jps2+=/work/scratch/warthog/jps2plus.py {map} {scen}'}  # warthog's jps2+, built outside the tree
cd "$(dirname "$0")/../../.." || exit 1
R=$(ls "$B"/maps/random/ | sed 's/.map$//' | sort | awk 'NR%5==1' | paste -sd,)
M=maze512-1-0,maze512-1-5,maze512-16-0,maze512-16-5,maze512-2-0,maze512-2-5,maze512-32-0,maze512-32-5,maze512-4-0,maze512-4-5,maze512-8-0,maze512-8-5
C="python3 scripts/compare.py --gppc $G"
for p in "$@"; do
  case $p in
  embedded) $C --bench-dir . --family mazes,random,rooms --entries mm,jps,jps+ --baseline jps --rounds 5 --pre-dir $F/pre_emb --out $F/embedded ;;
  dao) $C --bench-dir "$B" --family dao --entries mm,jps,jps+ --baseline jps --second 'jps2+' --rounds 3 --external "$EXT" --pre-dir $F/pre_dao --out $F/dao ;;
  random) $C --bench-dir "$B" --family random --maps $R --entries mm,jps,jps+ --baseline jps --second 'jps2+' --rounds 3 --external "$EXT" --pre-dir $F/pre_random --out $F/random ;;
  rooms) $C --bench-dir "$B" --family rooms --entries mm,jps,jps+ --baseline jps --rounds 3 --pre-dir $F/pre_rooms --out $F/rooms ;;
  mazes) $C --bench-dir "$B" --family mazes --maps $M --entries mm,jps,jps+ --baseline jps --rounds 3 --pre-dir $F/pre_mazes --out $F/mazes ;;
  qrandom) $C --bench-dir "$B" --family random --entries mm --rounds 1 --pre-dir $F/pre_qr --out $F/quality-random ;;
  qmazes) $C --bench-dir "$B" --family mazes --entries mm --rounds 1 --pre-dir $F/pre_qm --out $F/quality-mazes ;;
  wrandom) $C --bench-dir "$B" --family random --entries jps,jps+ --baseline jps --rounds 2 --pre-dir $F/pre_wr --out $F/random-whole-jps ;;
  *) echo "timing.sh: unknown part $p" >&2; exit 2 ;;
  esac > $F/$p.log 2>&1
done
