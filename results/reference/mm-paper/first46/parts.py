import subprocess,sys,re,os
def incl(path):
    out=subprocess.run(['callgrind_annotate','--inclusive=yes','--threshold=100',path],capture_output=True,text=True).stdout
    d={}
    tot=0
    for l in out.splitlines():
        m=re.match(r'\s*([\d,]+) \(\s*[\d.]+%\)\s+(\S+?)(?: \[.*)?$',l)
        if not m: continue
        v=int(m.group(1).replace(',',''));name=m.group(2)
        if name=='PROGRAM': tot=v; continue
        fn=name.split(':')[-1]; fl=name.rsplit(':',1)[0].split('/')[-1]
        key=fl+':'+fn
        d[key]=max(d.get(key,0),v)
    return d
def get(d,*keys):
    return sum(d.get(k,0) for k in keys)
def parts(path):
    d=incl(path)
    tot=d.get('mm_entry.c:mm_get_path',0)
    jps=get(d,'routes.c:jps')
    box=get(d,'routes.c:routes_near_box','routes.c:routes_guard')
    ch=get(d,'abs_ch_query.c:abs_ch_run'); unp=get(d,'abs_ch_query.c:abs_ch_unpack')
    plan=get(d,'refiner_plan.c:refiner_plan_steps','refiner_plan.c:refiner_plan_locate')
    win=get(d,'window.c:win_smooth_run')
    return dict(total=tot,jps=jps,box=box,ch=ch,unpack=unp,locate_other=plan-ch-unp,smooth=win,legs_rest=tot-jps-box-plan-win)
if __name__=='__main__':
    for p in sys.argv[1:]:
        r=parts(p); print(os.path.basename(p), ' '.join('%s=%.1fM'%(k,v/1e6) for k,v in r.items()))
