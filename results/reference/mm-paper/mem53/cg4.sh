#!/bin/sh
# cg4.sh OUT BIN...: mm_get_path instructions of each binary on the brief's four maps
# (or on $MAPS, FAMILY/NAME separated by spaces), a line a map and binary appended to OUT
out=$1; shift
for m in ${MAPS:-rooms/16room_000 rooms/8room_002 dao/den011d mazes/maze512-4-6}; do
  for b in "$@"; do echo "$m $b $($(dirname "$0")/cg.sh $b $m)" >> $out; done
done
echo done >> $out
