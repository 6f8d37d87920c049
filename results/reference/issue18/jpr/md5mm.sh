#!/bin/sh
# md5mm.sh BIN TAG: md5 of mm's path columns (--csv columns 1-6) on four maps, every 8th query (/tmp/jpr/sc)
BIN=$1; TAG=$2; B=/work/shared/benchmarks; mkdir -p /tmp/jpr/mm_$TAG
for m in dao/orz900d dao/arena2 random/random512-25-0 mazes/maze512-8-0; do n=$(basename $m)
  nice -n 15 $BIN --entry mm --pre-dir /tmp/jpr/mm_$TAG -full --csv /tmp/jpr/mm_$TAG/$n.csv $B/maps/$m.map /tmp/jpr/sc/$n.scen >/dev/null 2>&1; echo "rc=$?"
  echo "$TAG $n $(cut -d, -f1-6 /tmp/jpr/mm_$TAG/$n.csv | md5sum)"
done
