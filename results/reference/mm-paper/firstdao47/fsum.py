import sys,glob,os,re
d=sys.argv[1]; S=Q=inv=0; mx=0; per={}
for f in glob.glob(d+'/*.out'):
    t=open(f).read()
    q=int(re.search(r'\bqueries=(\d+)',t).group(1)); s=float(re.search(r'subopt_mean=([\d.]+)',t).group(1))
    mx=max(mx,float(re.search(r'subopt_max=([\d.]+)',t).group(1)))
    inv+=int(re.search(r'bad_queries=(\d+)',t).group(1))
    p=re.search(r'profile=(\S+)',t).group(1)
    a=per.setdefault(p,[0,0,0]); a[0]+=s*q; a[1]+=q; a[2]+=1
    S+=s*q;Q+=q
print(d,'subopt_qw %.6f max %.4f bad %d queries %d'%(S/Q,mx,inv,Q), ' '.join('%s:%d maps %d q %.6f'%(p,a[2],a[1],a[0]/a[1]) for p,a in per.items()))
