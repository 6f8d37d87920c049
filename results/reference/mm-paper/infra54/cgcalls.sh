#!/bin/sh
# cgcalls.sh TAG BIN MAP FIRST LAST: callgrind instructions of every mm_get_path call
# (a dump after each) of queries FIRST..LAST of MAP's scenario run alone, and the
# same run's --calls with jps_tile_fills, to name each dump's query, call and fills.
B=/work/shared/benchmarks
TAG=$1; BIN=$2; M=$3; F=$4; L=$5; n=$(basename $M)
d=cgcall/$TAG-$n; rm -rf $d; mkdir -p $d/pre
python3 - "$B/scenarios/$M.map.scen" "$F" "$L" > $d/q.scen <<'PY'
import sys
L = open(sys.argv[1]).read().splitlines(); f, l = int(sys.argv[2]), int(sys.argv[3])
print("\n".join([L[0]] + L[1 + f:2 + l]))
PY
$BIN --entry mm -pre --pre-dir $d/pre $B/maps/$M.map > /dev/null 2>&1
$BIN --entry mm -run --pre-dir $d/pre --calls $d/calls.tsv --call-counters jps_tile_fills,expanded $B/maps/$M.map $d/q.scen > /dev/null 2>&1
(cd $d && valgrind --tool=callgrind --toggle-collect=mm_get_path --dump-after=mm_get_path --callgrind-out-file=c.out \
   $BIN --entry mm -run --pre-dir pre $B/maps/$M.map q.scen > run.out 2>&1)
python3 - $d <<'PY'
import sys, csv, os
d = sys.argv[1]
calls = list(csv.DictReader(open(d + '/calls.tsv'), delimiter='\t'))
out = open(d + '/instr.tsv', 'w'); out.write('query\tcall\tinstr\tjps_tile_fills\texpanded\n')
for i, c in enumerate(calls, 1):
    ir = [l.split()[1] for l in open(f'{d}/c.out.{i}') if l.startswith('summary:')][0]
    out.write(f"{c['query']}\t{c['call']}\t{ir}\t{c['jps_tile_fills']}\t{c['expanded']}\n")
    os.remove(f'{d}/c.out.{i}')
PY
