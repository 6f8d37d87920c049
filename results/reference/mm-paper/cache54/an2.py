import pickle
rows=pickle.load(open('rows.pkl','rb'))
for fam in ['dao','rooms','mazes']:
    R=[r for r in rows if r['fam']==fam and r['Fc']>200]
    rs=sorted(r['Fc']/r['A'] for r in R)
    print(fam,len(R),'Fc/A min %.3f p5 %.3f p10 %.3f median %.3f'%(rs[0],rs[len(rs)//20],rs[len(rs)//10],rs[len(rs)//2]))
    low=sorted(R,key=lambda r:r['Fc']/r['A'])[:6]
    print('  lowest:',', '.join('%s %.3f (Fc %d)'%(r['map'],r['Fc']/r['A'],r['Fc']) for r in low))
for sh in [1/16,1/10,1/8,1/7,1/6,1/5,1/4]:
    out=[]
    for fam in ['dao','rooms','mazes']:
        R=[r for r in rows if r['fam']==fam]
        over=0;worst=0;cov=[]
        for r in R:
            line=r['B']*97//100
            take=int(r['A']*sh)
            if r['P']<=r['B']:
                lim=line if r['P']<=line else r['B']
                take=min(take,max(0,lim-r['P']+r['Pc']))
            extra=max(0,take-r['Fc'])
            f=r['Ff']+extra
            worst=max(worst,f/r['B'])
            over+=max(0,f-r['B'])-max(0,r['Ff']-r['B'])
            if r['Fc']>200: cov.append(min(1,take/r['Fc']))
        cov.sort()
        out.append('%s worst %.3f dKiBover %+.0f cover med %.2f'%(fam,worst,over/1024,cov[len(cov)//2]))
    print('share %.3f: '%sh+' | '.join(out))
