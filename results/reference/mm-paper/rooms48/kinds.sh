#!/bin/bash
# kinds.sh BIN OUT [FAMILIES]: each map of FAMILIES (default "dao rooms") run -full on its first 3
# queries; the fields the profile rules read (profile, corners, sectors, default_sectors, regions,
# detour, scattered) from SUMMARY, a line a map, into OUT. kinds-base48.txt: BIN = base48 (93013ff).
BIN=$1; OUT=$2; FAMS=${3:-dao rooms}; B=/work/shared/benchmarks; T=$(mktemp -d)
for fam in $FAMS; do for f in $B/maps/$fam/*.map; do m=$(basename $f .map)
  head -4 $B/scenarios/$fam/$m.map.scen > $T/$m.scen
  echo "$fam $m $($BIN --entry mm -full $f $T/$m.scen | grep SUMMARY | tr ' ' '\n' | grep -E '^(profile|corners|sectors|detour|scattered|regions|default_sectors)=' | tr '\n' ' ')"
done; done > $OUT
rm -rf $T
