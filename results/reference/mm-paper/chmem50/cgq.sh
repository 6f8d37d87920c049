#!/bin/bash
# callgrind instructions of mm_get_path on one map and scenario: cgq.sh BIN TAG MAP SCEN
bin=$1; tag=$2; map=$3; scen=$4; n=$(basename $map .map)
d=$(mktemp -d /tmp/cg_pre.XXXX)
valgrind --tool=callgrind --callgrind-out-file=cgq_${tag}_$n.out --toggle-collect=mm_get_path $bin --entry mm -full --pre-dir $d $map $scen > /dev/null 2>cgq_${tag}_$n.err
echo "$tag $n $(callgrind_annotate cgq_${tag}_$n.out 2>/dev/null | grep -m1 'PROGRAM TOTALS')"
rm -rf $d
