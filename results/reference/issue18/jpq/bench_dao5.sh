#!/bin/sh
# dao again, 5 interleaved rounds, jps and jps+ only (a second look at the family closest to its target)
cd /work/wt/jpq
nice -n 10 python3 scripts/compare.py --gppc /tmp/jpq_gppc_final --family dao --entries jps,jps+ --baseline jps --rounds 5 --pre-dir /tmp/jpq/pre_bench --out /tmp/jpq/out/dao5
echo ALLDONE3
