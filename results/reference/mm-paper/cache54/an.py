import csv,glob,os,sys
fin={}
for r in csv.DictReader(open('/work/wt/cache54/results/reference/mm-paper/final53-families.csv')):
    if r['binary']=='now': fin[r['map']]=r
rows=[]
for f in glob.glob('q0base/*.sum'):
    t=open(f).read().split()
    if not t: continue
    fam,name=t[0],t[1]; d=dict(x.split('=',1) for x in t[2:] if '=' in x)
    if name not in fin: continue
    F=fin[name]; e=int(d['edges'])
    A=e*(8*8//7+4)+(e*4//256+1)*24+32
    rows.append(dict(fam=fam,map=name,prof=d['profile'],B=int(F['budget']),P=int(d['mm_bytes']),Pc=int(d['mm_bytes_cache']),
        Ff=int(F['mm_bytes']),Fc=int(F['mm_bytes_cache']),A=A,Fl=int(F['mm_bytes_legs']),Pl=int(d['mm_bytes_legs'])))
import pickle; pickle.dump(rows,open('rows.pkl','wb'))
for fam in ['dao','rooms','random','mazes']:
    R=[r for r in rows if r['fam']==fam]
    print(fam,len(R))
    for r in sorted(R,key=lambda r:r['Ff']/r['B'])[-12:]:
        print(' %-16s %-12s B=%7d P/B=%.3f F/B=%.3f Fc=%6d A=%7d Fc/A=%.3f legs %d->%d' % (r['map'],r['prof'],r['B'],r['P']/r['B'],r['Ff']/r['B'],r['Fc'],r['A'],r['Fc']/r['A'],r['Pl'],r['Fl']))
