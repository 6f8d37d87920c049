#!/bin/bash
# fam.sh BIN TAG [PATTERN]: whole scenarios of the random maps (PATTERN, default all), SUMMARY subopt/queries/mm_bytes; env passes (MM_FA...)
BIN=$1; TAG=$2; PAT=${3:-random512-}; B=/work/shared/benchmarks; mkdir -p fam/$TAG/pre
ls $B/maps/random/ | grep "$PAT" | sed 's/\.map$//' | xargs -P 2 -I{} sh -c "$BIN --entry \"mm\$OPTS\" --pre-dir fam/$TAG/pre -full $B/maps/random/{}.map $B/scenarios/random/{}.map.scen 2>&1 | grep '^SUMMARY' > fam/$TAG/{}.sum"
python3 - fam/$TAG <<'PY'
import sys, glob, re, os
tot = 0; n = 0; rows = []
for f in sorted(glob.glob(sys.argv[1] + '/*.sum')):
    s = open(f).read()
    g = lambda k: re.search(r'\b' + k + r'=([0-9.e+-]+)', s).group(1)
    q = int(g('queries')); so = float(g('subopt_mean')); b = int(g('mm_bytes'))
    m = os.path.basename(f)[:-4]
    w, h = 512, 512
    rows.append((m, q, so, b, float(g('subopt_max')), int(g('invalid'))))
    tot += so * q; n += q
print('QW subopt %.6f over %d queries, %d maps, max %.4f, invalid %d' % (tot / n, n, len(rows), max(r[4] for r in rows), sum(r[5] for r in rows)))
for r in rows: print('%s q=%d subopt=%.6f bytes=%d' % r[:4])
PY
