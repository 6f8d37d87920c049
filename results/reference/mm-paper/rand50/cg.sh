#!/bin/sh
# cg.sh TAG BIN MAP: callgrind instructions of every mm_get_path call over sub/MAP's scenario (every 10th query)
TAG=$1; BIN=$2; M=$3; d=$(mktemp -d /work/scratch/rand50/pre.XXXX); mkdir -p cg
$BIN --entry mm -pre --pre-dir $d sub/$M.map sub/$M.map.scen > /dev/null 2>&1
valgrind --tool=callgrind --toggle-collect=mm_get_path --callgrind-out-file=cg/$TAG.$M.out $BIN --entry mm -run --pre-dir $d sub/$M.map sub/$M.map.scen > cg/$TAG.$M.log 2>&1
echo "$TAG $M $(grep -o 'summary: [0-9]*' cg/$TAG.$M.out)"
rm -rf $d
