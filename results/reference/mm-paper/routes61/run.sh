#!/bin/bash
# round 61: every dao map once through mm with a line per call and the routes' counters per call
# (da992aa4's driver), then routes.py sums each query's calls by the route that answered it.
B=/work/shared/benchmarks; G=/work/main/build/gppc; W=/work/scratch/r61/routes
mkdir -p $W && cd $W
for f in $B/maps/dao/*.map; do
  m=$(basename $f .map)
  $G --entry mm --pre-dir /work/scratch/r61/pre2 -full --calls $m.calls \
     --call-counters jps,jps_capped,jps_skipped,jps_far,near,direct,guarded,jps_forgiven \
     $f $B/scenarios/dao/$m.map.scen > $m.out 2>&1
done
python3 "$(dirname "$0")/routes.py" $W
