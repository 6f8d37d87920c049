#!/bin/sh
# cg1.sh BIN TAG ENTRY MAP(family/name); W: the work folder (cg/, pre/, sc/), /tmp/jpp unless set
W=${W:-/tmp/jpp}; BIN=$1; TAG=$2; E=$3; m=$4; n=$(basename $m); B=/work/shared/benchmarks
nice -n 10 valgrind --tool=callgrind --toggle-collect=jps_find_capped --branch-sim=yes --cache-sim=yes --callgrind-out-file=$W/cg/${TAG}_${E}_$n.out $BIN --entry $E --pre-dir $W/pre -run $B/maps/$m.map $W/sc/$n.scen >/dev/null 2>&1
callgrind_annotate $W/cg/${TAG}_${E}_$n.out 2>/dev/null | grep "PROGRAM TOTALS" | python3 -c "
import sys
v=[int(x.replace(',','')) for x in sys.stdin.read().split() if x.replace(',','').isdigit()]
Ir,D1mr,DLmr,Bcm=v[0],v[4],v[7],v[10]
print('$TAG $E $n Ir=%.3fG Bcm=%.2fM D1mr=%.2fM DLmr=%.2fM est=%.3fG'%(Ir/1e9,Bcm/1e6,D1mr/1e6,DLmr/1e6,(Ir+10*Bcm+10*D1mr+100*DLmr)/1e9))"
