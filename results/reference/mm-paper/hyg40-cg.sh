#!/bin/sh
# hyg40: instructions and paths of one binary, for a before/after of a change
# that must not change behaviour. $1 a work folder, $2 the build/gppc to run;
# BENCH: the Moving AI folder (default ../shared/benchmarks).
# Prints "cg ENTRY MAP INSTRUCTIONS" (callgrind, only inside the entries'
# *_get_path) and "paths ENTRY MAP MD5 LINES" (--paths, md5 of the file).
T=$1; G=$2; B=${BENCH:-../shared/benchmarks}
mkdir -p "$T/pre"
cg() {
  n=$(basename "$2"); t=$(echo "$1" | tr -c 'a-z0-9\n' '_')
  valgrind --tool=callgrind --toggle-collect='*_get_path' --callgrind-out-file="$T/cg.$t.$n" "$G" --pre-dir "$T/pre" \
    --entry "$1" -full "$B/maps/$2.map" "$B/scenarios/$2.map.scen" > "$T/out.$t.$n" 2>&1
  echo "cg $1 $n $(callgrind_annotate "$T/cg.$t.$n" 2>/dev/null | grep 'PROGRAM TOTALS' | awk '{print $1}')"
}
pm() {
  n=$(basename "$2"); t=$(echo "$1" | tr -c 'a-z0-9\n' '_')
  "$G" --pre-dir "$T/pre" --entry "$1" --paths "$T/paths.$t.$n" -full "$B/maps/$2.map" "$B/scenarios/$2.map.scen" \
    > "$T/pout.$t.$n" 2>&1
  echo "paths $1 $n $(md5sum < "$T/paths.$t.$n" | cut -c1-12) $(wc -l < "$T/paths.$t.$n")"
}
for ent in ${ENTRIES:-jps jps+ mm}; do
  for m in dao/lak304d rooms/32room_007; do cg "$ent" "$m"; done
  for m in dao/brc504d rooms/32room_007 random/random512-35-3 mazes/maze512-16-5; do pm "$ent" "$m"; done
done
