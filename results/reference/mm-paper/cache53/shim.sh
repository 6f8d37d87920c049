#!/bin/bash
# shim.sh BIN DIR: every allocation inside timed calls on the 28 maps (../memo52/maps.txt), as memo52
bin=$1; d=$2; mkdir -p $d
while read m s; do n=$(basename $m .map)
  SHIM_LOG=$d/$n.log LD_PRELOAD=./ashim.so $bin --entry mm -run --cpu-clock call --calls $d/$n.calls --pre-dir pre-base $m $s > $d/$n.out 2>&1 || echo "rc $? $n"
done < ../memo52/maps.txt
