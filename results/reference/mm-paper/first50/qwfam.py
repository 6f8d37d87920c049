import sys,re
# qwfam.py FILE...: query-weighted subopt, max, invalid, mm_bytes sum per file
for f in sys.argv[1:]:
    S=Q=0; mx=0; inv=0; mb=0; n=0
    for l in open(f):
        d=dict(re.findall(r'(\w+)=(\S+)',l))
        if 'queries' not in d: continue
        q=int(d['queries']); S+=float(d['subopt_mean'])*q; Q+=q; mx=max(mx,float(d['subopt_max'])); inv+=int(d['invalid']); mb+=int(d['mm_bytes']); n+=1
    print(f"{f}: maps={n} queries={Q} qw_subopt={S/Q:.6f} max={mx:.6f} invalid={inv} mm_bytes_sum={mb}")
