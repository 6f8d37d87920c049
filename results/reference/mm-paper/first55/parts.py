#!/usr/bin/env python3
"""parts.py DIR [maps...]: per map first-20 Ir split by refiner_step's callees (callgrind_annotate --tree=calling)."""
import sys, subprocess, re, os
D = sys.argv[1]
maps = sys.argv[2:] or open('maps.txt').read().split()
GROUPS = {
    'jps': ['routes.c:jps'],
    'abstract': ['refiner_plan.c:refiner_plan_steps'],
    'locate': ['refiner_plan.c:refiner_plan_locate'],
    'smooth': ['window.c:win_smooth_run', 'window.c:win_smooth_begin', 'smooth.c:smooth_steps', 'smooth.c:smooth_begin'],
    'legs': ['edge_cache.c:edge_cache_get', 'refiner_plan.c:refiner_plan_legs', 'legplan.c:legplan_resume',
             'legplan.c:legplan_center', 'window_join.c:win_add_way', 'window_join.c:win_add', 'edge_cache.c:edge_cache_put',
             'leg.c:leg_orient', 'line.c:cells_to_waypoints', 'routes.c:routes_guard', 'routes.c:routes_near_box'],
    'handout': ['window.c:win_emit'],
}
def total(f):
    for line in open(f):
        if line.startswith(('totals:', 'summary:')):
            return int(line.split()[1])
tot = {g: 0 for g in list(GROUPS) + ['other', 'all']}
print('| map | first-20 M | ' + ' | '.join(list(GROUPS) + ['other']) + ' |')
print('|---|---:|' + '---:|' * (len(GROUPS) + 1))
for m in maps:
    f = f'{D}/{m}.f20.cg'
    out = subprocess.run(['callgrind_annotate', '--inclusive=yes', '--tree=calling', '--threshold=100', f],
                         capture_output=True, text=True).stdout.splitlines()
    T = total(f)
    vals = {g: 0 for g in GROUPS}
    inside = False
    for line in out:
        if re.search(r'\*\s+\S*refiner\.c:refiner_step ', line):
            inside = True; continue
        if inside:
            if not line.strip(): break
            mm = re.match(r'\s*([\d,]+) .*>\s+\S*/(\S+:\S+) ', line)
            if not mm: continue
            n = int(mm.group(1).replace(',', '')); fn = mm.group(2)
            for g, fs in GROUPS.items():
                if fn in fs: vals[g] += n
    other = T - sum(vals.values())
    for g in GROUPS: tot[g] += vals[g]
    tot['other'] += other; tot['all'] += T
    print(f'| {m} | {T/1e6:.2f} | ' + ' | '.join(f'{vals[g]/1e6:.2f}' for g in GROUPS) + f' | {other/1e6:.2f} |')
print(f"| total | {tot['all']/1e6:.2f} | " + ' | '.join(f'{tot[g]/1e6:.2f}' for g in GROUPS) + f" | {tot['other']/1e6:.2f} |")
print(f"| share | 1.000 | " + ' | '.join(f'{tot[g]/tot["all"]:.3f}' for g in GROUPS) + f" | {tot['other']/tot['all']:.3f} |")
