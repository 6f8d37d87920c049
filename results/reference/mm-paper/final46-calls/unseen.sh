#!/bin/bash
# Maps the tests never saw: base46 against the final tree, 3 interleaved rounds, least longest call by thread CPU.
S=/work/scratch/hyg43/arch/scen; W=/work/scratch/final46/unseen; mkdir -p $W
for r in 1 2 3; do for m in AR0603SR Boston_0_256 Paris_1_256 hrt201n ht_chantry maze-32-32-2 random-64-64-20 room-64-64-8 warehouse-20-40-10-2-2 fixed-tunnel; do
  for n in base:/work/scratch/base46/build/gppc now:/work/scratch/final46/tree/build/gppc; do
    ${n#*:} --entry mm --pre-dir $W/${n%%:*}-pre --cpu-clock call -full $S/$m.map $S/$m.map.scen 2>&1 | grep SUMMARY | tr ' ' '\n' | grep -E "^(mm_bytes|invalid|subopt_mean|call_cpu_max_us|profile)=" | tr '\n' ' ' | sed "s/^/$r $m ${n%%:*} /"; echo
  done; done; done > $W/raw.txt
python3 - <<'PY'
import collections
rows=collections.defaultdict(dict)
for line in open('/work/scratch/final46/unseen/raw.txt'):
    w=line.split()
    if len(w)<4: continue
    r,m,b=w[:3]; kv=dict(x.split('=',1) for x in w[3:])
    d=rows[m].setdefault(b,{'cpu':[]}); d.update(kv); d['cpu'].append(float(kv['call_cpu_max_us']))
print("| map | profile | mm_bytes base -> now | longest call CPU us (least of 3) base -> now | invalid | subopt base -> now |")
print("|---|---|---|---|---|---|")
for m,d in rows.items():
    b,n=d['base'],d['now']
    print("| %s | %s | %s -> %s | %.1f -> %.1f | %s / %s | %s -> %s |"%(m,n.get('profile','?'),b['mm_bytes'],n['mm_bytes'],min(b['cpu']),min(n['cpu']),b['invalid'],n['invalid'],b['subopt_mean'],n['subopt_mean']))
PY
