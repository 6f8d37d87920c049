#!/bin/bash
# Maps the tests never saw: base48 against the final tree, 3 interleaved rounds; the longest call
# by thread CPU as each call's least reading over the rounds (calls40/least.py), as mm_paper.py reads it.
S=/work/scratch/hyg43/arch/scen; W=/work/scratch/final48/unseen; mkdir -p $W
MAPS="AR0603SR Boston_0_256 Paris_1_256 hrt201n ht_chantry maze-32-32-2 random-64-64-20 room-64-64-8 warehouse-20-40-10-2-2 fixed-tunnel 64room_005 lak104d"
for r in 1 2 3; do for m in $MAPS; do
  for n in base:/work/scratch/base48/build/gppc now:/work/scratch/final48/tree/build/gppc; do
    ${n#*:} --entry mm --pre-dir $W/${n%%:*}-pre --cpu-clock call --calls $W/${n%%:*}.$m.$r -full $S/$m.map $S/$m.map.scen 2>&1 | grep SUMMARY | tr ' ' '\n' | grep -E "^(mm_bytes|invalid|subopt_mean|call_cpu_max_us|profile)=" | tr '\n' ' ' | sed "s/^/$r $m ${n%%:*} /"; echo
  done; done; done > $W/raw.txt
for m in $MAPS; do for b in base now; do echo "$m $b $(python3 /work/main/results/reference/mm-paper/calls40/least.py $W/$b.$m.1 $W/$b.$m.2 $W/$b.$m.3)"; done; done > $W/least.txt
python3 - <<'PY'
import collections
W='/work/scratch/final48/unseen'
least={}
for line in open(W+'/least.txt'):
    w=line.split(); least[(w[0],w[1])]=dict(x.split('=',1) for x in w[2:])
rows=collections.defaultdict(dict)
for line in open(W+'/raw.txt'):
    w=line.split()
    if len(w)<4: continue
    r,m,b=w[:3]; kv=dict(x.split('=',1) for x in w[3:])
    d=rows[m].setdefault(b,{'cpu':[]}); d.update(kv); d['cpu'].append(float(kv['call_cpu_max_us']))
print("| map | profile | mm_bytes base -> now | longest call CPU us, each call's least of 3 (rounds' max: least..most) base -> now | invalid | subopt base -> now |")
print("|---|---|---|---|---|---|")
for m,d in rows.items():
    b,n=d['base'],d['now']
    lb,ln=least[(m,'base')]['least_max_us'],least[(m,'now')]['least_max_us']
    print("| %s | %s | %s -> %s | %s -> %s (%.1f..%.1f -> %.1f..%.1f) | %s / %s | %s -> %s |"%(m,n.get('profile','?'),b['mm_bytes'],n['mm_bytes'],lb,ln,min(b['cpu']),max(b['cpu']),min(n['cpu']),max(n['cpu']),b['invalid'],n['invalid'],b['subopt_mean'],n['subopt_mean']))
PY
