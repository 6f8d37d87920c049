#!/bin/bash
# Total GetPath time of entries on one map, interleaved over ROUNDS rounds:
# the median and the least of total_s, and of the per-call p99 and longest
# call by the thread's CPU clock. An entry named jps2+ runs $JPS2 MAP SCEN
# (warthog-jps's program behind a wrapper printing total_s=).
# usage: timing.sh GPPC ROUNDS FAMILY/MAP ENTRY...
set -eu
bin=$1 rounds=$2 fm=$3
shift 3
bench=${GPPC_BENCH_DIR:-/work/shared/benchmarks}
d=$(mktemp -d)
for _ in $(seq "$rounds"); do
    for e in "$@"; do
        if [ "$e" = jps2+ ]; then
            "$JPS2" "$bench/maps/$fm.map" "$bench/scenarios/$fm.map.scen" 2>&1 | grep -o 'total_s=[0-9.e-]*' | cut -d= -f2 >> "$d/$e"
        else
            "$bin" --entry "$e" --cpu-clock call -full "$bench/maps/$fm.map" "$bench/scenarios/$fm.map.scen" 2>&1 | grep '^SUMMARY' |
                tr ' ' '\n' | awk -F= '$1=="total_s"{t=$2} $1=="call_cpu_p99_us"{a=$2} $1=="call_cpu_max_us"{c=$2} END{print t, a, c}' >> "$d/$e"
        fi
    done
done
for e in "$@"; do
    python3 - "$d/$e" "$e" "${fm#*/}" <<'PY'
import statistics, sys
rows = [list(map(float, l.split())) for l in open(sys.argv[1]) if l.strip()]
names = ['total_s', 'call_cpu_p99_us', 'call_cpu_max_us']
print(sys.argv[3], sys.argv[2], ' '.join(f'{n} med {statistics.median(c):.4g} min {min(c):.4g}' for n, c in zip(names, zip(*rows))))
PY
done
rm -rf "$d"
