import io,contextlib
with contextlib.redirect_stdout(io.StringIO()):
    from simdir import *
for mode,T in [('base',0),('dirskip',1),('dir',1)]:
  for C in [208,224,232,240,248,256]:
    c=e=n=0; ca=0
    for m,X in bym.items():
        a,b,nb=simmap(X,mode,C,T); e+=b; n+=nb; ca+=a
        if m in S: c+=a
    print(mode,T,C,'sample %.1f M  all68 %.1f M excess %.2f backward %d'%(c/1e6,ca/1e6,e,n))
