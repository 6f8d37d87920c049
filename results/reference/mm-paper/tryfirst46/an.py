import glob,os,collections,sys
tot=collections.Counter()
rows=[]
for f in sorted(glob.glob(sys.argv[1]+"/*.err")):
    m=os.path.basename(f)[:-4]
    T=[l.split() for l in open(f) if l.startswith('T ')]
    if not T: continue
    n=len(T); fail=[t for t in T if t[2]=='1']; ok=[t for t in T if t[2]=='0']
    ef=sum(int(t[4]) for t in fail); eo=sum(int(t[4]) for t in ok)
    rows.append((m,n,len(fail),ef,eo))
    tot['tries']+=n; tot['fail']+=len(fail); tot['ef']+=ef; tot['eo']+=eo
for r in sorted(rows,key=lambda r:-r[3]): print(*r, '%.3f'%(r[3]/max(1,r[3]+r[4])))
print(tot, tot['ef']/(tot['ef']+tot['eo']))
