import sys, statistics as st, collections
d = collections.defaultdict(dict)
for l in open(sys.argv[1]):
    f = l.split()
    if len(f) < 4: continue
    m, v, r = f[0], f[1], int(f[2])
    for kv in f[3:]:
        a, b = kv.split('='); d[(m, a)][(v, r)] = float(b)
keys = ['total_s', 'total_cpu_s', 'call_p999_us', 'call_cpu_p999_us', 'call_cpu_max_us']
print('| map | key | main off | main on | main on/off | now off | now on | now on/off |')
print('|---|---|---|---|---|---|---|---|')
maps = sorted({m for m, _ in d}, key=lambda s: (s.split('/')[0] != 'rooms', s))
for m in maps:
    for a in keys:
        x = d[(m, a)]; rs = sorted({r for _, r in x})
        row = [m, a]
        for g in ('main', 'now'):
            off = [x[(g + '-off', r)] for r in rs]; on = [x[(g + '-on', r)] for r in rs]
            rat = st.median([b / a_ for a_, b in zip(off, on) if a_ > 0])
            row += ['%.4g' % st.median(off), '%.4g' % st.median(on), '**%.3f**' % rat]
        print('| ' + ' | '.join(row) + ' |')
print('\nrounds: %d per map; each cell the median over rounds; on/off the median of the per-round ratios' % len(rs))
