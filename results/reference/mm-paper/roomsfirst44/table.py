# table.py BEFORE AFTER [MAPS]: the first-20 table of roomsfirst44.md from two folders of
# first43/cg.sh's callgrind files (MODE 1), parts by first43/parts.py.
import os,sys,importlib.util
spec=importlib.util.spec_from_file_location('parts',os.path.join(os.path.dirname(os.path.abspath(__file__)),'..','first43','parts.py')); P=importlib.util.module_from_spec(spec); spec.loader.exec_module(P)
maps=sys.argv[3].split(',') if len(sys.argv)>3 else ['16room_000','16room_008','32room_006','64room_004','8room_002']
chw=dict(zip(['16room_000','16room_008','32room_006','64room_004','8room_002'],[48.7,50.6,42.6,55.1,68.2]))
a,b=sys.argv[1],sys.argv[2]
print('| map | first-20 Mi before | after | after/before | hierarchy query Mi before | after | after/before | unpack Mi (both) | ch whole Mi (first43) | first-20/ch before | after |')
print('|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|')
T=[0,0,0,0,0]
for m in maps:
    x=P.parts(f'{a}/{m}.cg'); y=P.parts(f'{b}/{m}.cg')
    c=chw.get(m,0)
    T[0]+=x['total'];T[1]+=y['total'];T[2]+=x['ch'];T[3]+=y['ch'];T[4]+=c
    print(f"| {m} | {x['total']/1e6:.1f} | {y['total']/1e6:.1f} | {y['total']/x['total']:.3f} | {x['ch']/1e6:.1f} | {y['ch']/1e6:.1f} | {(y['ch']/x['ch'] if x['ch'] else 1):.3f} | {x['unpack']/1e6:.1f} / {y['unpack']/1e6:.1f} | {c} | {x['total']/1e6/c:.2f} | {y['total']/1e6/c:.2f} |")
print(f"| **all {len(maps)}** | {T[0]/1e6:.1f} | {T[1]/1e6:.1f} | {T[1]/T[0]:.3f} | {T[2]/1e6:.1f} | {T[3]/1e6:.1f} | {T[3]/T[2]:.3f} | | {T[4]:.1f} | **{T[0]/1e6/T[4]:.2f}** | **{T[1]/1e6/T[4]:.2f}** |")
