import csv,glob,os,math,sys
def load(tag,m):
    r={}
    for row in csv.DictReader(open('q/%s/%s.csv'%(tag,m))):
        r[int(row['experiment_id'])]=row
    return r
def maps(f): return [l.strip() for l in open(f)]
D=[]
for kind,lst,alw,ab,bs in [('d','default.txt','always','abs','base'),('s','small.txt','sbase','sabs','sbase')]:
    for m in maps(lst):
        A=load(alw,m); Bb=load(ab,m); C=load(bs,m)
        for i in A:
            opt=float(A[i]['ref_length']); 
            E=int(A[i]['expanded']); la=float(Bb[i]['path_length']); lb=float(C[i]['path_length'])
            D.append((kind,m,i,opt,E,la/opt if opt>0 else 1,lb/opt if opt>0 else 1))
import pickle; pickle.dump(D,open('D.pkl','wb'))
for kind in 'ds':
    X=[d for d in D if d[0]==kind]
    print(kind,len(X),'base subopt sum excess %.2f'%sum(d[6]-1 for d in X),'abs excess %.2f'%sum(d[5]-1 for d in X))
