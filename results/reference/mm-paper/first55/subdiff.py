#!/usr/bin/env python3
"""subdiff.py BASE_CSV BASE_BIN NEW_CSV: the dao maps whose subopt mean or max differ (mm_memory.py CSVs)."""
import csv, sys
A = {r['map']: r for r in csv.DictReader(open(sys.argv[1])) if r['binary'] == sys.argv[2]}
M = {r['map']: r for r in csv.DictReader(open(sys.argv[3]))}
print('| map | subopt mean before | after | max before | after | mm_bytes after (ratio) |')
print('|---|---:|---:|---:|---:|---:|')
for m in sorted(M):
    a, b = A[m], M[m]
    if (a['subopt_mean'], a['subopt_max']) != (b['subopt_mean'], b['subopt_max']):
        print(f"| {m} | {a['subopt_mean']} | {b['subopt_mean']} | {a['subopt_max']} | {b['subopt_max']} | {b['mm_bytes']} ({b['ratio']}) |")
