import sys,os,glob
sys.path.insert(0,'.')
from parts import parts
def sub(path):
    t=open(path).read()
    l=[x for x in t.splitlines() if x.startswith('SUMMARY')]
    d=dict(kv.split('=',1) for kv in l[-1].split()[1:] if '=' in kv)
    return float(d['subopt_mean']),int(d['queries'])
exp=sys.argv[1]
print('| map | first-20 Mi base | %s | ratio | whole Mi base | %s | ratio | subopt base | %s |'%(exp,exp,exp))
print('|---|---:|---:|---:|---:|---:|---:|---:|---:|')
T=[0]*6
for f in sorted(glob.glob(f'{exp}-f20/*.cg')):
    m=os.path.basename(f)[:-3]
    bf=parts(f'base-f20/{m}.cg')['total']; ef=parts(f)['total']
    ba=parts(f'base-all/{m}.cg')['total']; ea=parts(f'{exp}-all/{m}.cg')['total'] if os.path.exists(f'{exp}-all/{m}.cg') and os.path.getsize(f'{exp}-all/{m}.cg') else 0
    bs,q=sub(f'base-all/{m}.out'); es,_=sub(f'{exp}-f20/{m}.out')
    T[0]+=bf;T[1]+=ef;T[2]+=ba;T[3]+=ea;T[4]+=bs*q;T[5]+=es*q
    print(f'| {m} | {bf/1e6:.1f} | {ef/1e6:.1f} | {ef/bf:.3f} | {ba/1e6:.1f} | {ea/1e6:.1f} | {ea/ba if ea else 0:.3f} | {bs:.6f} | {es:.6f} |')
print(f'| all | {T[0]/1e6:.1f} | {T[1]/1e6:.1f} | {T[1]/T[0]:.3f} | {T[2]/1e6:.1f} | {T[3]/1e6:.1f} | {T[3]/T[2] if T[3] else 0:.3f} | q-weighted | {T[5]/T[4]:.6f}x |')
