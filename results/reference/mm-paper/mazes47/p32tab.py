import csv,sys,statistics as st
runs=sys.argv[1:]
d={}
for f in runs:
    for r in csv.DictReader(open(f'{f}.csv')):
        d.setdefault(r['map'],{}).setdefault(f,{})[r['entry']]=r
print("| map | "+" | ".join(f"{f}: mm µs / jps2+ µs (ratio)" for f in runs)+" |")
print("|---|"+"---|"*len(runs))
for m in sorted(d):
    cells=[]
    for f in runs:
        e=d[m].get(f,{})
        if 'mm' in e and 'jps2+' in e:
            a=float(e['mm']['mean_us']); b=float(e['jps2+']['mean_us'])
            cells.append(f"{a:.2f} / {b:.2f} ({a/b:.2f}x)")
        else: cells.append("-")
    print(f"| {m} | "+" | ".join(cells)+" |")
