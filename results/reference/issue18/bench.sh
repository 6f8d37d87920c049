#!/bin/bash
# The issue-18 jps+ benchmark (results/reference/issue18/README.md): compare.py per family (jps baseline,
# warthog jps2+ second), then -check of jps+ on every timed map. OUT=/tmp/jp18out, PRE=/tmp/jp18cmp.
ROOMS=16room_000,16room_004,16room_008,32room_002,32room_006,64room_000,64room_004,64room_008,8room_002,8room_006
RANDOM=random512-10-0,random512-10-5,random512-15-0,random512-15-5,random512-20-0,random512-20-5,random512-25-0,random512-25-5,random512-30-0,random512-30-5,random512-35-0,random512-35-5,random512-40-0,random512-40-5
MAZES=maze512-1-0,maze512-1-5,maze512-16-0,maze512-16-5,maze512-2-0,maze512-2-5,maze512-32-0,maze512-32-5,maze512-4-0,maze512-4-5,maze512-8-0,maze512-8-5
cd "$(dirname "$0")/../../.."
mkdir -p /tmp/jp18out /tmp/jp18cmp
EXT='jps2+=/work/scratch/warthog/jps2plus.py {map} {scen}'
run() { # family maps rounds
  fam=$1; maps=$2; rounds=$3
  echo "== $fam $(date -u +%T)"
  nice -n 10 python3 scripts/compare.py --family $fam ${maps:+--maps $maps} --entries jps,jps+ --baseline jps \
     --second 'jps2+' --external "$EXT" --rounds $rounds --pre-dir /tmp/jp18cmp --out /tmp/jp18out/$fam 2>&1 | tail -15
}
run rooms "$ROOMS" 3
run dao "" 3
run random "$RANDOM" 3
run mazes "$MAZES" 3   # stopped after 14 min (warthog on 1-wide mazes); README: rerun on every 4th query without jps2+
echo "== check $(date -u +%T)"
B=/work/shared/benchmarks
for fam in rooms dao random mazes; do
  if [ $fam = dao ]; then maps=$(ls $B/maps/dao | sed 's/\.map$//'); else v=${fam^^}; maps=${!v//,/ }; fi
  for m in $maps; do
    nice -n 10 build/gppc --entry jps+ --pre-dir /tmp/jp18cmp -check $B/maps/$fam/$m.map $B/scenarios/$fam/$m.map.scen > /tmp/jp18out/check.$m.txt 2>&1
    echo "$fam $m exit=$? $(grep -o 'queries=[0-9]* valid=[0-9]* invalid=[0-9]*' /tmp/jp18out/check.$m.txt) $(grep -o 'over_bound=[0-9]*' /tmp/jp18out/check.$m.txt)"
  done
done > /tmp/jp18out/check.txt
echo "== done $(date -u +%T)"
