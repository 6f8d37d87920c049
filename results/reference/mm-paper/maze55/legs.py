import sys, collections
# legs.py FILE: from a --calls file with counters cache_hits,cache_misses first: calls, and calls by legs begun (hits + misses) in the call
h=collections.Counter(); n=0
for line in open(sys.argv[1]):
    if line.startswith('query'): continue
    r=line.split('\t'); h[int(r[8])+int(r[9])]+=1; n+=1
print('calls=%d most_legs=%d legs>=3:%d' % (n, max(h), sum(v for k,v in h.items() if k>=3)), sorted(h.items()))
