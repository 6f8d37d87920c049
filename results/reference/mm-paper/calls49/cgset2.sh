#!/bin/bash
# cgset2.sh: per-call instructions (cgeach.sh) of the queries named in calls49.md, base and r4
cd /work/scratch/calls49/s
while [ ! -x /work/scratch/calls49/cgr4/build/gppc ]; do sleep 10; done
for spec in "rooms/8room_002 1846 r4" "dao/brc203d 643 base" "dao/brc203d 643 r4" "rooms/16room_000 1546 base" "rooms/16room_000 1546 r4" "dao/orz303d 687 base" "dao/orz303d 687 r4" "rooms/8room_002 1882 r4" "rooms/8room_002 1882 base"; do
  set -- $spec; x=$(basename $1); t=$3
  f=cge/$x.$2.$t.txt; [ -e $f ] && continue
  ./cgeach.sh /work/scratch/calls49/cg$t/build/gppc $1 $2 $t > $f
done
