import sys,glob,os,re
tag=sys.argv[1]; tot=0; sm=0; df=0
for f in sorted(glob.glob(tag+'/*.cg')):
    m=os.path.basename(f)[:-3]
    ir=0
    for l in open(f):
        if l.startswith('summary:') or l.startswith('totals:'): ir=int(l.split()[1])
    o=open(tag+'/'+m+'.out').read()
    p=re.search(r'profile=(\S+)',o); p=p.group(1) if p else '?'
    print('%-10s %-10s %10.2f M'%(m,p,ir/1e6))
    tot+=ir
    if p=='small-map': sm+=ir
    else: df+=ir
print('total %.2f M  small-map %.2f  other %.2f'%(tot/1e6,sm/1e6,df/1e6))
