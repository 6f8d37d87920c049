#!/usr/bin/env python3
# famcmp.py BASE_DIR NOW_DIR: per map and over the family, subopt (query-weighted, from --paths files:
# ID LENGTH OPTIMUM cells...), max, and queries whose length differs; maps present in both only.
import os, sys
def read(p):
    r = {}
    for line in open(p):
        f = line.split('\t')
        r[int(f[0])] = (float(f[1]), float(f[2]))
    return r
b, n = sys.argv[1], sys.argv[2]
tot = {'b': [0.0, 0, 0.0, ''], 'n': [0.0, 0, 0.0, '']}
maps = sorted(m for m in os.listdir(n) if m.endswith('.paths') and os.path.exists(os.path.join(b, m)))
worse = better = 0
for m in maps:
    A, B = read(os.path.join(b, m)), read(os.path.join(n, m))
    if len(A) != len(B):
        print(m, 'incomplete'); continue
    diff = sum(1 for k in A if abs(A[k][0] - B[k][0]) > 1e-9)
    for tag, R in (('b', A), ('n', B)):
        t = tot[tag]
        for L, O in R.values():
            s = L / O if O > 0 else 1.0
            t[0] += s; t[1] += 1
            if s > t[2]: t[2], t[3] = s, m
    mb = sum(L / O if O > 0 else 1 for L, O in A.values()) / len(A)
    mn = sum(L / O if O > 0 else 1 for L, O in B.values()) / len(B)
    if diff:
        print(f"{m[:-6]:18s} queries differ {diff:4d}  mean {mb:.6f} -> {mn:.6f}  max {max(L/O for L,O in A.values() if O>0):.4f} -> {max(L/O for L,O in B.values() if O>0):.4f}")
    worse += mn > mb + 1e-12; better += mn < mb - 1e-12
for tag, name in (('b', 'base50'), ('n', 'rand50')):
    t = tot[tag]
    print(f"{name}: {len(maps)} maps, {t[1]} queries, query-weighted subopt {t[0]/t[1]:.7f}, max {t[2]:.4f} ({t[3][:-6]})")
print(f"maps worse {worse}, better {better}, the rest the same")
