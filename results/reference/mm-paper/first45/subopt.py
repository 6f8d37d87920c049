# subopt.py TAG: each map's subopt_mean from TAG/*.out (the callgrind runs' SUMMARY), and the query-weighted mean per group
import sys
t=sys.argv[1]
Q={'16room_000':1860,'16room_008':1950,'32room_006':1920,'64room_004':2240,'8room_002':1920,'brc203d':1320,'lak100c':2032,'lak400d':1333,'lak506d':1170,'orz303d':1150}
def sm(m):
    l=[l for l in open(f'{t}/{m}.out') if 'SUMMARY' in l][0]
    return float(l.split('subopt_mean=')[1].split()[0])
for grp in (['16room_000','16room_008','32room_006','64room_004','8room_002'],['brc203d','lak100c','lak400d','lak506d','orz303d']):
    print(t, ' '.join(f'{m}={sm(m):.6f}' for m in grp), 'qw=%.6f'%(sum(sm(m)*Q[m] for m in grp)/sum(Q[m] for m in grp)))
