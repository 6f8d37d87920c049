# clocktab.py DIR...: mm's first-20 and ch's whole-query totals per family from mm_paper.py's tables (paper-TAGn.md)
import sys, re, glob, os
rows = []
for p in sys.argv[1:]:
    fam = None; d = {}
    for line in open(p):
        m = re.match(r'## (\w+):', line)
        if m: fam = m.group(1)
        m = re.search(r'first-20 total <= ch.*\| ([\d.]+) s against ([\d.]+) s \(([\d.]+)x\)', line)
        if m and fam: d[fam] = (float(m.group(1)), float(m.group(2)), float(m.group(3)))
    rows.append((os.path.basename(p)[6:-3], d))
print('| run | rooms mm first-20 s | rooms ch whole s | rooms x | dao mm first-20 s | dao ch whole s | dao x |')
print('|---|---:|---:|---:|---:|---:|---:|')
for tag, d in rows:
    r, a = d.get('rooms', (0, 0, 0)), d.get('dao', (0, 0, 0))
    print('| %s | %.3f | %.3f | %.2fx | %.3f | %.3f | %.2fx |' % (tag, r[0], r[1], r[2], a[0], a[1], a[2]))
