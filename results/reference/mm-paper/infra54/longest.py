import sys, csv, glob
# longest.py DIR TAG MAP: each call's least cpu_us over the rounds (TAG-MAP-r*.tsv),
# the 5 longest with their minflt in that round and the call's counters (TAG-MAP-cc.tsv)
d, tag, m = sys.argv[1:4]
best = {}
for fn in sorted(glob.glob(f'{d}/{tag}-{m}-r*.tsv')):
    for r in csv.DictReader(open(fn), delimiter='\t'):
        k = (int(r['query']), int(r['call'])); v = float(r['cpu_us'])
        if k not in best or v < best[k][0]: best[k] = (v, r['minflt'])
cc = {(int(r['query']), int(r['call'])): r for r in csv.DictReader(open(f'{d}/{tag}-{m}-cc.tsv'), delimiter='\t')}
fills = [c for c in cc.values() if float(c['jps_tile_fills']) > 0]
print(f'{tag} {m}: calls {len(best)}, calls with tile fills {len(fills)}, most fills in a call {max((float(c["jps_tile_fills"]) for c in cc.values()), default=0):.0f}')
vals = sorted(best.values())
for (q, c), (v, f) in sorted(best.items(), key=lambda kv: -kv[1][0])[:5]:
    x = cc.get((q, c), {})
    print(f'  q{q} c{c} least_cpu_us={v:.1f} minflt={f} fills={x.get("jps_tile_fills")} refine_exp={x.get("refine_expanded")} abs_exp={x.get("abs_expanded")}')
# the calls that filled tiles: their least cpu
fv = sorted((best[k][0] for k in cc if float(cc[k]['jps_tile_fills']) > 0 and k in best), reverse=True)
print(f'  calls with fills: longest {fv[:5]}')
