# clockmaps.py: per map, mm's first-20 (median over its rounds, mm_paper.py's time.csv) divided by ch's whole total in the same run,
# base49's runs against the branch's: the ratio to ch cancels some of the machine's load between runs
import csv, glob, statistics, sys
def load(tag):
    out = {}
    for p in glob.glob('paper-%s/*/time.csv' % tag):
        for r in csv.DictReader(open(p)):
            out.setdefault((r['family'], r['map']), {})[r['entry']] = r
    return out
tags = sys.argv[1:] or ['base1', 'now1', 'base2', 'now2', 'base3', 'now3']
runs = {t: load(t) for t in tags if glob.glob('paper-%s/*/time.csv' % t)}
keys = sorted(set().union(*[set(v) for v in runs.values()]))
print('| family | map | base49 mm first-20 / ch whole (each run) | rooms49 | median base49 | rooms49 | now / base |')
print('|---|---|---|---|---:|---:|---:|')
for k in keys:
    b = [float(runs[t][k]['mm']['first20_s']) / float(runs[t][k]['ch']['total_s']) for t in runs if t.startswith('base') and k in runs[t]]
    n = [float(runs[t][k]['mm']['first20_s']) / float(runs[t][k]['ch']['total_s']) for t in runs if t.startswith('now') and k in runs[t]]
    if b and n:
        print('| %s | %s | %s | %s | %.2f | %.2f | %.3f |' % (k[0], k[1], ' '.join('%.2f' % x for x in b), ' '.join('%.2f' % x for x in n), statistics.median(b), statistics.median(n), statistics.median(n) / statistics.median(b)))
