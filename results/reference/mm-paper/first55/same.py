#!/usr/bin/env python3
"""same.py OUTDIR BIN...: per check map and binary, the paths' md5, mm_bytes and profile (-full, a fresh
pre-dir each), one line a map with each binary's columns side by side."""
import hashlib, os, re, subprocess, sys
B = '/work/shared/benchmarks'
MAPS = ['dao/brc203d', 'dao/lak100c', 'rooms/8room_002', 'mazes/maze512-4-6', 'random/random512-25-5']
out, bins = sys.argv[1], sys.argv[2:]
for fm in MAPS:
    fam, m = fm.split('/')
    cols = [m]
    for i, b in enumerate(bins):
        d = os.path.join(out, f'{i}-{m}')
        os.makedirs(d + '/pre', exist_ok=True)
        paths = d + '/paths'
        r = subprocess.run([b, '--entry', 'mm', '--paths', paths, '-full', '--pre-dir', d + '/pre',
                            f'{B}/maps/{fam}/{m}.map', f'{B}/scenarios/{fam}/{m}.map.scen'], capture_output=True, text=True)
        md5 = hashlib.md5(open(paths, 'rb').read()).hexdigest()[:12]
        kv = dict(re.findall(r'(mm_bytes|profile)=(\S+)', r.stdout))
        cols += [md5, kv.get('mm_bytes', '?'), kv.get('profile', '?')]
    print(' '.join(cols))
