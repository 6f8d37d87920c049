#!/bin/sh
# bench.sh FAMILY [MAPS]: jps, jps+ (and warthog jps2+) on FAMILY with /tmp/jpp_D_gppc, 3 interleaved rounds
F=$1; M=$2; EXT='jps2+=/work/scratch/warthog/jps2plus.py {map} {scen}'
cd /work/wt/issue18jpp
if [ -n "$M" ]; then MAPS="--maps $M"; else MAPS=""; fi
nice -n 10 python3 scripts/compare.py --family $F $MAPS --entries jps,jps+ --baseline jps --second 'jps2+' --external "$EXT" \
  --rounds 3 --gppc /tmp/jpp_D_gppc --pre-dir /tmp/jpp/pre_$F --out /tmp/jpp/out/$F
