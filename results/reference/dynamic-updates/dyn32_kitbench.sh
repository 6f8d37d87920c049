#!/bin/sh
# usage: kitbench.sh ROUNDS SCEN OUT: the dynamic kit's own runner, mm and jps interleaved (wall clock as the kit prints it)
R=$1; SC=$2; O=$3; S=${DYN32:-/work/scratch/dyn32}; W=/work/wt/dyn32
cd $S/kitrun
for r in $(seq 1 $R); do for e in mm jps; do
  cp $S/kitso/lib$e.so lib/libGPPCentry.so; rm -rf index_data/*
  /usr/bin/time -f "cpu=%U+%S" ./run -full data/$SC.scen > /dev/null 2>run.err; rc=$?
  echo "round=$r $SC $e rc=$rc $(python3 $W/results/reference/dynamic-updates/kitcheck.py result.csv) $(tail -n 1 run.err)" >> $O
done; done
