import glob,os,collections,sys
def load(f):
    return [tuple(int(x) for x in l.split()[1:]) for l in open(f) if l.startswith('T ')]
GAIN,LOSS,MAX,START,PROBE=1,4,32,8,32
def octant(dx,dy):
    import math
    return int(((math.atan2(dy,dx)+math.pi)/(2*math.pi))*8+0.5)%8
def sim(T, gate, credit_on=True, charge_skip=False):
    cr=[START,START]; probe=[0,0]; reach=[0,0]
    bad=collections.Counter(); res=collections.Counter()
    for t in T:
        tryn,fail,o2,exp,kind,_,sx,sy,gx,gy,ss,gs=t
        # credit rule
        tries = True
        if credit_on:
            if cr[kind]>0: tries=True
            else:
                probe[kind]+=1
                tries = probe[kind]>=PROBE and (not reach[kind] or o2*2<=reach[kind]*3)
            if tries: probe[kind]=0
        if tries and gate(bad,t):
            tries=False; res['gated']+=1; res['gated_fail']+=fail; res['gated_ok']+=1-fail
            if charge_skip: cr[kind]-=LOSS
        if not tries:
            res['abs']+=1; continue
        res['tried']+=1
        if fail:
            res['fail']+=1; res['failexp']+=exp; res['abs']+=1; cr[kind]-=LOSS
            for k in keys(t): bad[k]+=1
        else:
            res['ok']+=1; res['okexp']+=exp
            if cr[kind]<MAX: cr[kind]+=GAIN
            reach[kind]=max(reach[kind],o2)
    return res
KEY='sec'
def keys(t):
    tryn,fail,o2,exp,kind,_,sx,sy,gx,gy,ss,gs=t
    if KEY=='sec': return [('s',ss),('s',gs)]
    if KEY=='dir': return [('d',ss,octant(gx-sx,gy-sy)),('d',gs,octant(sx-gx,sy-gy))]
def g_none(bad,t): return False
def g_both(bad,t):
    k=keys(t); return bad[k[0]]>0 and bad[k[1]]>0
def g_either(bad,t):
    k=keys(t); return bad[k[0]]>0 or bad[k[1]]>0
def g_both2(bad,t):
    k=keys(t); return bad[k[0]]+bad[k[1]]>=3 and bad[k[0]]>0 and bad[k[1]]>0
files=[f for f in sorted(glob.glob('logA/*.err'))]
data={os.path.basename(f)[:-4]:load(f) for f in files}
data={k:v for k,v in data.items() if v}
for key in ['sec','dir']:
  KEY=key
  for cname,con in [('credit',True),('nocredit',False)]:
    for gname,g in [('none',g_none),('both',g_both),('either',g_either),('both2',g_both2)]:
        if key=='dir' and gname=='none': continue
        tot=collections.Counter()
        for m,T in data.items(): tot+=sim(T,g,con)
        print(key,cname,gname,dict(tot))
print('---- caps')
def capped(T,c):
    out=[]
    for t in T:
        t=list(t)
        if t[1]==0 and t[3]>c: t[1]=1
        if t[1]==1: t[3]=c
        out.append(tuple(t))
    return out
KEY='sec'
for c in [256,224,192,160,128]:
    for gname,g in [('none',g_none),('both',g_both)]:
        tot=collections.Counter()
        for m,T in data.items(): tot+=sim(capped(T,c),g,True)
        print(c,gname,'ok',tot['ok'],'fail',tot['fail'],'exp',tot['okexp']+tot['failexp'],'failexp',tot['failexp'],'gated',tot['gated'],tot['gated_ok'])
print('---- charge')
def g_pair(bad,t):
    return bad[('p',t[10],t[11])]>0 or bad[('p',t[11],t[10])]>0
for key in ['sec','dir','pair']:
    KEY=key if key!='pair' else 'pair'
    def keys(t,KEY=KEY):
        tryn,fail,o2,exp,kind,_,sx,sy,gx,gy,ss,gs=t
        if KEY=='sec': return [('s',ss),('s',gs)]
        if KEY=='dir': return [('d',ss,octant(gx-sx,gy-sy)),('d',gs,octant(sx-gx,sy-gy))]
        return [('p',ss,gs)]
    globals()['keys']=keys
    gl=[('pair',g_pair)] if key=='pair' else [('both',g_both),('both2',g_both2)]
    for gname,g in gl:
        tot=collections.Counter()
        for m,T in data.items(): tot+=sim(T,g,True,True)
        print(key,gname,'ok',tot['ok'],'fail',tot['fail'],'failexp',tot['failexp'],'gated',tot['gated'],'gated_ok',tot['gated_ok'],'gated_fail',tot['gated_fail'])
