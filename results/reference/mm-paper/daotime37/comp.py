# comp.py CALLGRIND_OUT: mm_get_path's instructions (a callgrind file of Ir alone, cg.sh's) by part
# of the online JPS, from callgrind_annotate's self cost per function (inlined code counted in the
# function it is inlined into); a markdown table.
import collections
import re
import subprocess
import sys

out = subprocess.run(['callgrind_annotate', '--inclusive=no', '--threshold=100', '--auto=no', sys.argv[1]],
                     capture_output=True, text=True).stdout
parts = collections.Counter()
total = 0
for line in out.split('\n'):
    m = re.match(r'\s*([\d,]+) \(\s*[\d.]+%\)\s+(\S+):(\S+)', line)
    if not m:
        continue
    n = int(m.group(1).replace(',', ''))
    path, fn = m.group(2), m.group(3)
    if re.match(r'try_\w\w_bits', fn):
        k = 'diagonal sweeps (try_*_bits: steps, turn bits, scans, in-place stops)'
    elif fn.startswith('expand_bits'):
        k = 'expansion (expand_bits: straight scans, forced tests)'
    elif fn.startswith('relax'):
        k = 'relax (probe, octile, key; after: push inline)'
    elif fn in ('jo_pop', 'sift_up.isra.0', 'jo_push', 'jo_start', 'jo_decrease'):
        k = 'open list in jps_open.c (jo_pop, sift_up, jo_push, jo_start)'
    elif fn == 'jps_run' and path.endswith('jps_open.h'):
        k = 'open list inline in jps_run (after: jo_pop)'
    elif fn == 'jps_run':
        k = 'search loop (jps_run)'
    elif fn == 'jump_straight':
        k = 'jump_straight (in-place stops)'
    elif '/search/' in path:
        k = 'other search/'
    else:
        k = 'outside search/ (refiner, routes, legplan, line, ...)'
    parts[k] += n
    total += n
for k, v in sorted(parts.items(), key=lambda kv: -kv[1]):
    print(f'| {k} | {v / 1e6:.2f} M | {100 * v / total:.1f}% |')
print(f'| total | {total / 1e6:.2f} M | |')
