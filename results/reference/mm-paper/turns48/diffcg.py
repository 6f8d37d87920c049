import sys,re,subprocess
def load(f):
    out=subprocess.run(['callgrind_annotate','--auto=no','--threshold=100',f],capture_output=True,text=True).stdout
    d={}
    for l in out.split('\n'):
        m=re.match(r'\s*([\d,]+) \([^)]*\)\s+(\S+)',l)
        if m and 'PROGRAM' not in l:
            k=re.sub(r'/work/[^ ]*?/(search|refine|entries|grid|abstraction|cache|common)/',r'\1/',m.group(2)); k=re.sub(r' \[.*','',k)
            d[k]=d.get(k,0)+int(m.group(1).replace(',',''))
    return d
a=load(sys.argv[1]); b=load(sys.argv[2])
rows=sorted(set(a)|set(b), key=lambda k: -abs(b.get(k,0)-a.get(k,0)))
for k in rows[:int(sys.argv[3]) if len(sys.argv)>3 else 15]: print("%12d %12d %+10d %s"%(a.get(k,0),b.get(k,0),b.get(k,0)-a.get(k,0),k))
