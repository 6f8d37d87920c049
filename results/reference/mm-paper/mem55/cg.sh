#!/bin/sh
# Whole-run callgrind instructions of one binary on one map (a fresh --pre-dir,
# so preprocessing is in the count for both binaries alike; no --paths, whose
# writing would be most of the count: paths.sh checks them natively).
# Prints: map tag instructions mm_bytes. Usage: cg.sh BIN TAG FAMILY MAP OUTDIR
bin=$1 tag=$2 fam=$3 map=$4 out=$5
B=/work/shared/benchmarks
mkdir -p "$out"
pd=$(mktemp -d)
valgrind --tool=callgrind --callgrind-out-file="$out/cg.$tag.$map" "$bin" --entry mm -full --pre-dir "$pd" \
    "$B/maps/$fam/$map.map" "$B/scenarios/$fam/$map.map.scen" 2>"$out/vg.$tag.$map" | grep '^SUMMARY' >"$out/sum.$tag.$map"
rm -rf "$pd"
ir=$(grep -o "Collected : [0-9]*" "$out/vg.$tag.$map" | grep -o "[0-9]*")
mm=$(grep -o " mm_bytes=[0-9]*" "$out/sum.$tag.$map")
echo "$map $tag $ir$mm"
