import sys, re, collections
# sites.py allocs.txt: per site (first frame), events, calls, maps
c = collections.defaultdict(lambda: [0, 0, set(), set()])
lines = open(sys.argv[1]).read().split('\n')
for a, b in zip(lines[::2], lines[1::2]):
    m = re.match(r'(\S+)\s+(\w) x\s*(\d+) sizes (\{.*?\}) calls (\d+)', a)
    if not m: continue
    fr = b.split(' < ')
    site = fr[0].strip() + ' < ' + fr[2].split('@')[0] if len(fr) > 2 else b.strip()
    k = c[(site, m.group(2))]
    k[0] += int(m.group(3)); k[1] += int(m.group(5)); k[2].add(m.group(1)); k[3].update(re.findall(r'(\d+):', m.group(4)))
for (s, t), (n, q, maps, sz) in sorted(c.items(), key=lambda x: -x[1][0]):
    print(f"| {s} | {t} | {n} | {q} | {len(maps)} | {','.join(sorted(sz, key=int)[:6])} |")
