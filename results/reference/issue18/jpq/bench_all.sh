#!/bin/sh
# Acceptance runs of #18 for jps+ (branch issue18jpq), one at a time, nice 10.
cd /work/wt/jpq
BIN=/tmp/jpq_gppc_final
PRE=/tmp/jpq/pre_bench
O=/tmp/jpq/out
EXT='jps2+=/work/scratch/warthog/jps2plus.py {map} {scen}'
nice -n 10 python3 scripts/compare.py --gppc $BIN --family dao --entries jps,jps+ --baseline jps --second 'jps2+' --external "$EXT" --rounds 3 --pre-dir $PRE --out $O/dao
nice -n 10 python3 scripts/compare.py --gppc $BIN --family random --maps random512-10-0,random512-10-5,random512-15-0,random512-15-5,random512-20-0,random512-20-5,random512-25-0,random512-25-5,random512-30-0,random512-30-5,random512-35-0,random512-35-5,random512-40-0,random512-40-5 \
  --entries jps,jps+ --baseline jps --second 'jps2+' --external "$EXT" --rounds 3 --pre-dir $PRE --out $O/random
nice -n 10 python3 scripts/compare.py --gppc $BIN --family mazes --maps maze512-1-0,maze512-1-5,maze512-2-0,maze512-2-5,maze512-4-0,maze512-4-5,maze512-8-0,maze512-8-5,maze512-16-0,maze512-16-5,maze512-32-0,maze512-32-5 \
  --entries jps,jps+ --baseline jps --rounds 3 --pre-dir $PRE --out $O/mazes
nice -n 10 python3 scripts/compare.py --gppc $BIN --family rooms --maps 16room_000,16room_004,16room_008,32room_002,32room_006,64room_000,64room_004,64room_008,8room_002,8room_006 \
  --entries jps,jps+ --baseline jps --second 'jps2+' --external "$EXT" --rounds 3 --pre-dir $PRE --out $O/rooms
echo ALLDONE
