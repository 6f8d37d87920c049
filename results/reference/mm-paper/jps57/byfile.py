#!/usr/bin/env python3
"""byfile.py CG...: self Ir summed over callgrind files, by source file (inlined code counts where its
lines are: jps_open.h = the heap and the slot probe, jps_node.h = relax, jps_turns.h = turn bits and the
quiet diagonal run, jps_sweep.h = the diagonal sweeps, bitrows.h = the row scans), then by function."""
import sys, re, subprocess, collections
byf, byfn = collections.Counter(), collections.Counter()
for f in sys.argv[1:]:
    out = subprocess.run(['callgrind_annotate', '--inclusive=no', '--threshold=100', f],
                         capture_output=True, text=True).stdout
    for line in out.splitlines():
        m = re.match(r'\s*([\d,]+) \(.*?\)\s+\S*?/((?:search|refine|grid|abstraction|cache|entries|driver|common)/\S+?):(\S+)', line)
        if m:
            n = int(m.group(1).replace(',', ''))
            byf[m.group(2)] += n
            byfn[m.group(2) + ':' + m.group(3)] += n
T = sum(byf.values())
print(f'| file (self, inlined lines where they are written) | M Ir | share |\n|---|---:|---:|')
for k, v in byf.most_common(14):
    print(f'| {k} | {v/1e6:.2f} | {v/T:.3f} |')
print(f'| all | {T/1e6:.2f} | 1.000 |\n')
print(f'| file:function (self) | M Ir | share |\n|---|---:|---:|')
for k, v in byfn.most_common(25):
    print(f'| {k} | {v/1e6:.2f} | {v/T:.3f} |')
