#!/bin/sh
# One native -full run of a binary on a map with --paths (a fresh --pre-dir):
# the paths' md5 and SUMMARY's cache and memory fields.
# Usage: paths.sh BIN TAG FAMILY MAP OUTDIR
bin=$1 tag=$2 fam=$3 map=$4 out=$5
B=/work/shared/benchmarks
mkdir -p "$out"
pd=$(mktemp -d)
"$bin" --entry mm --paths "$out/paths.$tag.$map" -full --pre-dir "$pd" "$B/maps/$fam/$map.map" \
    "$B/scenarios/$fam/$map.map.scen" 2>&1 | grep '^SUMMARY' >"$out/sum.$tag.$map"
rm -rf "$pd"
md5=$(md5sum <"$out/paths.$tag.$map" | cut -c1-12)
rm -f "$out/paths.$tag.$map"
f=$(grep -o -E " (invalid|regions|cache_entries|cache_slot_bytes|cache_stream_bytes|cache_bytes|cache_misses|mm_bytes)=[0-9]+" "$out/sum.$tag.$map" | tr -d '\n')
echo "$map $tag $md5$f"
