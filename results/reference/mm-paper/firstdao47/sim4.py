from sim2 import *
S=set(open('sample.txt').read().replace('dao/','').split())
def tot(capf):
    c=e=0
    for m,X in bym.items():
        a,b=simmap(X,capf); e+=b
        if m in S: c+=a
    return c/1e6,e
b=tot(lambda m,o2:256); print('base %.1f %.2f'%b)
for name,f in [('near160',lambda m,o2:160 if o2<=64 else 256),('far160',lambda m,o2:256 if o2<=64 else 160),
  ('far128',lambda m,o2:256 if o2<=64 else 128),('near384far160',lambda m,o2:384 if o2<=64 else 160),
  ('lin',lambda m,o2:max(64,min(512,int(4*o2)))),('lin2',lambda m,o2:max(96,min(384,int(3*o2)))),
  ('inv',lambda m,o2:int(max(128,min(512,40000/max(o2,1))))),
  ('o2<200:384 else 160',lambda m,o2:384 if o2<=200 else 160),('o2<300:320 else 128',lambda m,o2:320 if o2<=300 else 128)]:
    c,e=tot(f); print('%-22s %.1f M (%.3fx) excess %.2f (%+.2f)  rate %.2f ex/M'%(name,c,c/b[0],e,e-b[1],(e-b[1])/(b[0]-c) if c!=b[0] else 0))
