#!/usr/bin/env python3
"""lines.py ANN...: self Ir by source line of search/*, summed over `callgrind_annotate --auto=yes` outputs
(one per map; inlined lines counted where they are written). Prints the heaviest 45."""
import re, sys, collections
c = collections.Counter()
for f in sys.argv[1:]:
    cur = None
    for l in open(f):
        m = re.match(r'-- Auto-annotated source: \S*?/(search/\S+)', l)
        if l.startswith('-- Auto-annotated source:'):
            cur = m.group(1) if m else None
            continue
        m = re.match(r'\s*([\d,]+) \([ \d.]+%\)\s{2}(.*)', l)
        if m and cur and not m.group(2).lstrip().startswith('=>'):
            c[(cur, m.group(2).strip()[:100])] += int(m.group(1).replace(',', ''))
print('| M Ir | file | line |\n|---:|---|---|')
for (f, code), v in c.most_common(45):
    print(f'| {v/1e6:.2f} | {f} | `{code}` |')
