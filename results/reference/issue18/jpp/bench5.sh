#!/bin/sh
# bench5.sh FAMILY OUTNAME [MAPS]: jps and jps+ only (/tmp/jpp_D_gppc), 5 interleaved rounds
F=$1; O=$2; M=$3
cd /work/wt/issue18jpp
if [ -n "$M" ]; then MAPS="--maps $M"; else MAPS=""; fi
nice -n 10 python3 scripts/compare.py --family $F $MAPS --entries jps,jps+ --baseline jps --rounds 5 \
  --gppc /tmp/jpp_D_gppc --pre-dir /tmp/jpp/pre_$F --out /tmp/jpp/out/$O
