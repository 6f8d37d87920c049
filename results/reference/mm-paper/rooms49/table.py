# table.py BASEDIR NOWDIR: first-20 instructions by part (first43/parts.py), base against now, per map and per family
import sys, os, glob, importlib.util
spec = importlib.util.spec_from_file_location('parts', os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "first43", "parts.py"))
P = importlib.util.module_from_spec(spec); spec.loader.exec_module(P)
base, now = sys.argv[1], sys.argv[2]
fams = {'rooms': [], 'dao': []}
for p in sorted(glob.glob(base + '/*.cg')):
    m = os.path.basename(p)[:-3]
    q = os.path.join(now, m + '.cg')
    if not os.path.exists(q):
        continue
    a, b = P.parts(p), P.parts(q)
    fams['rooms' if 'room' in m else 'dao'].append((m, a, b))
print('| map | first-20 base49 (M) | rooms49 | x | hierarchy query base49 | rooms49 | x |')
print('|---|---:|---:|---:|---:|---:|---:|')
for f, rows in fams.items():
    ta = tb = ca = cb = 0
    for m, a, b in rows:
        ta += a['total']; tb += b['total']; ca += a['ch']; cb += b['ch']
        print('| %s | %.1f | %.1f | %.3f | %.1f | %.1f | %s |' % (m, a['total'] / 1e6, b['total'] / 1e6, b['total'] / a['total'], a['ch'] / 1e6, b['ch'] / 1e6, '%.3f' % (b['ch'] / a['ch']) if a['ch'] else '-'))
    if rows:
        print('| **%s (%d maps)** | **%.1f** | **%.1f** | **%.3f** | **%.1f** | **%.1f** | **%.3f** |' % (f, len(rows), ta / 1e6, tb / 1e6, tb / ta, ca / 1e6, cb / 1e6, cb / ca if ca else 0))
