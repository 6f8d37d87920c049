#!/usr/bin/env python3
"""The acceptance numbers of issue #18's ch query check from compare.py's csv (ch, jps, jps+)."""
import csv, sys
rows = list(csv.DictReader(open(sys.argv[1])))
t = {}
for r in rows:
    t.setdefault(r['map'], {})[r['entry']] = float(r['total_s'])
ch = sum(d['ch'] for d in t.values()); j = sum(d['jps'] for d in t.values()); jp = sum(d['jps+'] for d in t.values())
r = sorted(((d['ch'] / d['jps'], m, d) for m, d in t.items()), reverse=True)
print("| measure (%d dao maps) | value | target |" % len(t))
print("|---|---:|---|")
print("| ch / jps, family total | %.3f | <= 1 |" % (ch / j))
print("| ch / jps+, family total | %.3f | <= 1 |" % (ch / jp))
print("| maps with ch above 1.0x jps | %d | 0 |" % sum(x > 1 for x, _, _ in r))
print("| maps with ch above 1.5x jps | %d | 0 |" % sum(x > 1.5 for x, _, _ in r))
print("| worst map | %s %.2fx |  |" % (r[0][1], r[0][0]))
print()
print("Maps where ch took longer than jps (median of the rounds, µs for the whole scenario):")
print()
print("| map | ch / jps | ch µs | jps µs | jps+ µs |")
print("|---|---:|---:|---:|---:|")
for x, m, d in r:
    if x > 1:
        print("| %s | %.2f | %.0f | %.0f | %.0f |" % (m, x, d['ch'] * 1e6, d['jps'] * 1e6, d['jps+'] * 1e6))
