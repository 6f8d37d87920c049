import csv, sys
rows = list(csv.DictReader(open(sys.argv[1])))
t = {}
for r in rows:
    t.setdefault(r['map'], {})[r['entry']] = float(r['total_s'])
for m, e in sorted(t.items()):
    print('%-16s jps %8.3f  jps+ %8.3f  ratio %.3f' % (m, e['jps'], e['jps+'], e['jps+'] / e['jps']) + ('  jps2+ %.3f' % e['jps2+'] if 'jps2+' in e else ''))
