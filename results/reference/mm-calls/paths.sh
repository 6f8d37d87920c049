#!/bin/bash
# Paths of two builds compared: md5 of --paths (every cell of every path) and
# of the --csv path columns (path_size, path_length), on the embedded maps and
# the maps of run.sh. usage: paths.sh OUT BEFORE_GPPC AFTER_GPPC (run from the
# checkout's root, which holds maps/ and scenarios/)
set -eu
out=$1; before=$2; after=$3
bench=${GPPC_BENCH_DIR:-/work/shared/benchmarks}
mkdir -p "$out"
list=""
for m in maps/*/*.map; do list="$list $m:scenarios/${m#maps/}.scen"; done
for fm in ${MAPS:-dao/lak303d dao/hrt201n dao/ost003d dao/arena2 dao/den520d dao/orz900d dao/combat rooms/32room_005}; do
    list="$list $bench/maps/$fm.map:$bench/scenarios/$fm.map.scen"
done
cols() { python3 -c "import csv,sys; print(''.join(r['path_size'] + ',' + r['path_length'] + ';' for r in csv.DictReader(open(sys.argv[1]))))" "$1" | md5sum | cut -c1-12; }
for pair in $list; do
    map=${pair%%:*} scen=${pair#*:} n=$(basename "$map" .map)
    for tag in before after; do
        bin=$before; [ $tag = after ] && bin=$after
        "$bin" --pre-dir "$out/pre-$tag" -full --paths "$out/$n.$tag.paths" --csv "$out/$n.$tag.csv" "$map" "$scen" > /dev/null 2>&1
    done
    pb=$(md5sum < "$out/$n.before.paths" | cut -c1-12) pa=$(md5sum < "$out/$n.after.paths" | cut -c1-12)
    cb=$(cols "$out/$n.before.csv") ca=$(cols "$out/$n.after.csv")
    echo "$n paths $pb $pa csv $cb $ca $([ "$pb$cb" = "$pa$ca" ] && echo same || echo DIFFER)"
done
