import sys, re
# who.py LOG: for each PAGE line, the live allocations overlapping it (or the top of the heap), with callers
log = open(sys.argv[1]).read().split('\n')
live = {}
events = []
for l in log:
    p = l.split()
    if not p: continue
    if p[0] in 'MC':
        live[int(p[1], 16)] = (int(p[2]), p[3], p[0])
    elif p[0] == 'R':
        q = 0 if p[4] == '(nil)' else int(p[4], 16)
        live.pop(q, None)
        live[int(p[1], 16)] = (int(p[2]), p[3], 'R')
    elif p[0] == 'F':
        live.pop(int(p[1], 16), None)
    elif p[0] == 'PAGE':
        a = int(re.search(r'addr=(0x[0-9a-f]+)', l).group(1), 16)
        hit = [(hex(s), n, c, k) for s, (n, c, k) in live.items() if s < a + 4096 and s + n > a]
        top = max((s + n for s, (n, c, k) in live.items()), default=0)
        print(l.split(' in ')[0], 'live:', hit or 'none', 'highest live end', hex(top))
