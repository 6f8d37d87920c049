import re,sys,collections
# tot.py ALLOCS: allocator calls inside calls, total and per map (agg.py's output)
per=collections.Counter()
for l in open(sys.argv[1]):
    m=re.match(r'(\S+)\s+(\S)\s+x\s*(\d+)',l)
    if m: per[m.group(1)]+=int(m.group(3))
print(sys.argv[1], 'total', sum(per.values()), 'in', len(per), 'maps:', ', '.join('%s %d'%kv for kv in sorted(per.items())))
