#!/bin/bash
# percall.sh BIN TAG OPTS MAP...: -pre, a --calls run (per-call counters), then
# callgrind -run dumping after each GetPath; writes OUT/TAG-MAP.tsv (the calls
# file with an Ir column) and keeps the dumps in OUT/cg-TAG-MAP for percall.py.
BIN=$1; TAG=$2; OPTS=$3; shift 3; B=/work/shared/benchmarks; OUT=/work/scratch/fixed56/pc
mkdir -p $OUT
for m in "$@"; do
  f=${m%%/*}; n=${m#*/}
  d=$OUT/cg-$TAG-$n; rm -rf $d; mkdir -p $d/pre
  $BIN --entry mm$OPTS --pre-dir $d/pre -pre $B/maps/$f/$n.map $B/scenarios/$f/$n.map.scen >/dev/null 2>&1
  $BIN --entry mm$OPTS --pre-dir $d/pre -run --calls $d/calls --call-counters refine_expanded,abs_expanded,cache_hits $B/maps/$f/$n.map $B/scenarios/$f/$n.map.scen >/dev/null 2>&1
  valgrind --tool=callgrind --dump-instr=no --toggle-collect=mm_get_path --dump-after=mm_get_path --callgrind-out-file=$d/cg $BIN --entry mm$OPTS --pre-dir $d/pre -run $B/maps/$f/$n.map $B/scenarios/$f/$n.map.scen >/dev/null 2>&1
  python3 - $d > $OUT/$TAG-$n.tsv <<'PY'
import sys, glob, re
d = sys.argv[1]
files = sorted(glob.glob(d + "/cg.*"), key=lambda p: int(re.search(r"cg\.(\d+)", p).group(1)) if re.search(r"cg\.(\d+)$", p) else -1)
irs = []
for p in files:
    if not re.search(r"cg\.\d+$", p): continue
    for line in open(p):
        if line.startswith("totals:"): irs.append(int(line.split()[1]))
rows = [l.rstrip("\n").split("\t") for l in open(d + "/calls")]
print("\t".join(rows[0] + ["ir", "dump"]))
for i, r in enumerate(rows[1:]):
    print("\t".join(r + [str(irs[i]) if i < len(irs) else "?", files[i] if i < len(files) else "?"]))
PY
  echo "$TAG $n calls $(($(wc -l < $OUT/$TAG-$n.tsv)-1)) dumps $(ls $d | grep -c 'cg\.')"
done
