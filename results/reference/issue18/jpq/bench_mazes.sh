#!/bin/sh
# mazes rerun (the first run overlapped this session's own `make test`), then the -check runs.
cd /work/wt/jpq
BIN=/tmp/jpq_gppc_final
nice -n 10 python3 scripts/compare.py --gppc $BIN --family mazes --maps maze512-1-0,maze512-1-5,maze512-2-0,maze512-2-5,maze512-4-0,maze512-4-5,maze512-8-0,maze512-8-5,maze512-16-0,maze512-16-5,maze512-32-0,maze512-32-5 \
  --entries jps,jps+ --baseline jps --rounds 3 --pre-dir /tmp/jpq/pre_bench --out /tmp/jpq/out/mazes
/tmp/jpq/checks.sh
echo ALLDONE2
