# perinstr.py CALLGRIND_OUT FUNC: instructions executed at each address of FUNC (a callgrind
# file made with --dump-instr=yes), "0xADDR COUNT" a line; calls' inclusive costs left out.
import collections
import re
import sys

path, want = sys.argv[1], sys.argv[2]
cnt = collections.Counter()
names = {}
infn = False
addr = 0
after_call = False
for line in open(path):
    line = line.rstrip('\n')
    m = re.match(r'(c?fn)=\((\d+)\)(?: (.*))?$', line)
    if m:
        if m.group(3):
            names[m.group(2)] = m.group(3)
        if m.group(1) == 'fn':
            infn = want == names.get(m.group(2), '')
        continue
    if line.startswith('calls='):
        after_call = True
        continue
    if not line or line[0] not in '0123456789+-*':
        continue
    parts = line.split()
    p = parts[0]
    if p.startswith('0x'):
        addr = int(p, 16)
    elif p[0] in '+-':
        step = int(p[1:], 16) if p[1:].startswith('0x') else int(p[1:])
        addr += step if p[0] == '+' else -step
    if after_call:
        after_call = False
        continue
    if infn and len(parts) >= 3:
        cnt[addr] += int(parts[2])
for a in sorted(cnt):
    print(hex(a), cnt[a])
