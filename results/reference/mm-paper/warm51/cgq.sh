#!/bin/bash
# cgq.sh BIN PRE MAP QUERY [CALLS...]: callgrind (cache model) of the cgq build BIN over MAP's whole scenario
# (-run, its preprocessing in PRE), dumps around query QUERY's calls; coldq.py's table; CALLS: calls to print
B=/work/shared/benchmarks; BIN=$1; PRE=$2; M=$3; Q=$4
case $M in *.map) MS="$M $M.scen";; *) MS="$B/maps/$M.map $B/scenarios/$M.map.scen";; esac
O=/work/scratch/warm51/cgq/$(basename $M .map).$Q.$(basename $(dirname $(dirname $BIN))); rm -rf $O; mkdir -p $O
CG_Q=$Q valgrind --tool=callgrind --cache-sim=yes --dump-instr=yes --compress-pos=no --compress-strings=no --callgrind-out-file=$O/c.out $BIN --entry ${ENTRY:-mm} --pre-dir $PRE -run $MS > $O/stdout 2> $O/log
python3 /work/scratch/warm51/coldq.py $O ${N:-6}
