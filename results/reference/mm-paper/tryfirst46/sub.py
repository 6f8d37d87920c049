import sys,glob,os,re
tag=sys.argv[1]
S=0;Q=0;inv=0;jps=0;cap=0;mx=0
for f in glob.glob('log/*.out'):
    m=os.path.basename(f)
    g='r/%s/%s'%(tag,m) if os.path.exists('r/%s/%s'%(tag,m)) else f
    t=open(g).read()
    q=int(re.search(r'\bqueries=(\d+)',t).group(1)); s=float(re.search(r'subopt_mean=([\d.]+)',t).group(1))
    mx=max(mx,float(re.search(r'subopt_max=([\d.]+)',t).group(1)))
    inv+=int(re.search(r'bad_queries=(\d+)',t).group(1))
    S+=s*q;Q+=q
    if g!=f: jps+=int(re.search(r'\bjps=(\d+)',t).group(1)); cap+=int(re.search(r'jps_capped=(\d+)',t).group(1))
print(tag,'subopt_qw %.6f max %.4f bad %d jps %d capped %d'%(S/Q,mx,inv,jps,cap))
