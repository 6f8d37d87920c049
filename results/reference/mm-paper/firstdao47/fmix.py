# fmix.py BASEDIR VARDIR MAPLIST: family subopt with MAPLIST's maps taken from VARDIR
import sys,glob,os,re
bd,vd,lst=sys.argv[1:4]; L=set(l.strip() for l in open(lst))
S=Q=0; mx=0; inv=0; SS=QQ=0
for f in glob.glob(bd+'/*.out'):
    m=os.path.basename(f)[:-4]
    g=vd+'/'+m+'.out' if m in L else f
    t=open(g).read()
    q=int(re.search(r'\bqueries=(\d+)',t).group(1)); s=float(re.search(r'subopt_mean=([\d.]+)',t).group(1))
    mx=max(mx,float(re.search(r'subopt_max=([\d.]+)',t).group(1))); inv+=int(re.search(r'bad_queries=(\d+)',t).group(1))+int(re.search(r'\binvalid=(\d+)',t).group(1))
    S+=s*q;Q+=q
    if m in L: SS+=s*q; QQ+=q
print('family %.6f max %.4f bad/invalid %d | listed maps %.6f (%d q)'%(S/Q,mx,inv,SS/QQ,QQ))
