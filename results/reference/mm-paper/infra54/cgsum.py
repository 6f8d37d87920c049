import sys, csv
# cgsum.py DIR...: per run of cgcalls.sh, the calls' instructions: the longest 5, the
# longest with tile fills, and how many calls
for d in sys.argv[1:]:
    rows = list(csv.DictReader(open(d + '/instr.tsv'), delimiter='\t'))
    for r in rows: r['instr'] = int(r['instr']); r['jps_tile_fills'] = float(r['jps_tile_fills'])
    top = sorted(rows, key=lambda r: -r['instr'])[:5]
    fl = sorted((r for r in rows if r['jps_tile_fills'] > 0), key=lambda r: -r['instr'])
    print(f"{d}: calls {len(rows)}, total {sum(r['instr'] for r in rows):,}, calls with fills {len(fl)}, most fills in a call {max(r['jps_tile_fills'] for r in rows):.0f}")
    print('  longest: ' + ', '.join(f"q{r['query']} c{r['call']} {r['instr']:,} ({r['jps_tile_fills']:.0f} fills)" for r in top))
    print('  longest with fills: ' + ', '.join(f"q{r['query']} c{r['call']} {r['instr']:,} ({r['jps_tile_fills']:.0f})" for r in fl[:5]))
