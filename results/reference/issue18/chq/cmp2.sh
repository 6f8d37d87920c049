#!/bin/bash
# usage: chq_cmp2.sh NEWGPPC OUTDIR ROUNDS [name=binary ...]  (externals run ch from their binary, pre files from /tmp/chq_pre_base)
cd /work/wt/chq
new=$1; out=$2; rounds=$3; shift 3
ext=()
for kv in "$@"; do n=${kv%%=*}; b=${kv#*=}; ext+=(--external "$n=nice -n 10 $b --entry ch --pre-dir /tmp/chq_pre_base -run {map} {scen}"); done
nice -n 10 python3 scripts/compare.py --family dao --maps ${MAPS:-$(cat /tmp/chq_m19)} --entries ch,jps --baseline jps --rounds $rounds --limit 1.0 --gppc $new --pre-dir /tmp/chq_pre_$(basename $out) --out $out "${ext[@]}" >/dev/null 2>&1 || echo FAILED
python3 - $out <<'PY'
import csv,sys
rows=list(csv.DictReader(open(sys.argv[1]+'/compare.csv')))
t={}
for r in rows: t.setdefault(r['map'],{})[r['entry']]=float(r['total_s'])
names=[n for n in t[next(iter(t))] if n!='jps']
for n in names:
    out=[]; above=0; sc=sj=0
    for m,d in sorted(t.items(), key=lambda kv:-kv[1][n]/kv[1]['jps']):
        out.append(f"{m}:{d[n]/d['jps']:.2f}"); above+= d[n]>d['jps']; sc+=d[n]; sj+=d['jps']
    print(n, "above", above, "tot", round(sc/sj,3), " ".join(out))
PY
