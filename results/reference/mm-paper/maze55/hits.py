import sys, collections
# hits.py FILE: legs (cache hits + misses) per call: histogram; legs joined before a query's first cells
h=collections.Counter(); first=collections.Counter(); seen=set(); acc=collections.Counter()
for line in open(sys.argv[1]):
    if line.startswith('query'): continue
    r=line.split('\t'); q=r[0]; legs=int(r[8])+int(r[9]); h[min(legs,9)]+=1
    if q not in seen:
        acc[q]+=legs
        if int(r[2])>0: seen.add(q); first[min(acc[q],12)]+=1
print('legs/call', sorted(h.items())); print('legs before first cells', sorted(first.items()))
