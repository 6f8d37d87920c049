#!/bin/sh
# cg.sh BIN TAG: callgrind of jps_find_capped on three subsets; prints Ir, Bcm, D1mr, DLmr, est
BIN=$1; TAG=$2; B=/work/shared/benchmarks
for spec in random/random512-25-0:/tmp/jpq/sc/random512-25-0.map.scen mazes/maze512-1-0:/tmp/jpq/sc/maze1_small.scen dao/orz900d:/tmp/jpq/sc/orz900d.map.scen; do
  m=${spec%%:*}; sc=${spec#*:}; n=$(basename $m)
  nice valgrind --tool=callgrind --toggle-collect=jps_find_capped --branch-sim=yes --cache-sim=yes --callgrind-out-file=/tmp/jpq/cg_${TAG}_$n.out $BIN --entry jps+ --pre-dir /tmp/jpq/pre -run $B/maps/$m.map $sc >/dev/null 2>&1
  callgrind_annotate /tmp/jpq/cg_${TAG}_$n.out 2>/dev/null | grep "PROGRAM TOTALS" | python3 -c "
import sys
v=[int(x.replace(',','')) for x in sys.stdin.read().split() if x.replace(',','').isdigit()]
# events: Ir Dr Dw I1mr D1mr D1mw ILmr DLmr DLmw Bc Bcm Bi Bim
Ir,D1mr,DLmr,Bcm=v[0],v[4],v[7],v[10]
print('$TAG $n Ir=%.3fG Bcm=%.2fM D1mr=%.2fM DLmr=%.2fM est=%.3fG'%(Ir/1e9,Bcm/1e6,D1mr/1e6,DLmr/1e6,(Ir+10*Bcm+10*D1mr+100*DLmr)/1e9))"
done
