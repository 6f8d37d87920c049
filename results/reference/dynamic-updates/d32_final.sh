#!/bin/sh
# At the final commit: interleaved driver rounds, then the kit's runner.
S=/work/scratch/d32; K=$S/kitso

cd $S && rm -rf pre_new pre_old && ./dynbench.sh $S/final2_dynbench.txt 3
cd $S/kitrun; : > $S/final2_kit.txt
for sc in dao_arena2 switch_sc1_Aurora_TheFrozenSea; do for e in mm jps; do
  cp $K/lib$e.so lib/libGPPCentry.so; rm -rf index_data/*
  /usr/bin/time -f "cpu=%U+%S" ./run -full data/$sc.scen > /dev/null 2>run.err; rc=$?
  echo "$sc $e rc=$rc $(python3 kitcheck.py result.csv) $(tail -1 run.err)" >> $S/final2_kit.txt
done; done
echo done > $S/final2.done
