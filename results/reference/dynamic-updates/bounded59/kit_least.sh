#!/bin/bash
# The dynamic kit's own runner, 5 rounds of main58 (83ba9e5), round 59's main and jps in turn, each
# query's max_step_time (its first step carries the map change) read at its least over the rounds:
# a scheduler slice (4 and 8 ms) lands in some round's step, rarely in all five.
# KD: startkit-dynamic compiled by its ./compile.sh; the .so files from `make kit-dynamic` in each tree.
KD=/work/scratch/r59/kd; O=/work/scratch/r59/kitr; mkdir -p $O
cd $KD
for r in 1 2 3 4 5; do
  for b in main58:../main-mm.so final:../final-mm.so jps:../final-jps.so; do n=${b%%:*}; so=${b#*:}
    cp $so lib/libGPPCentry.so; ./run -full data/switch_sc1_Aurora_TheFrozenSea.scen > /dev/null 2>&1; cp result.csv $O/$n-$r.csv
  done
done
python3 - <<'PY'
import csv, glob
for n in ('main58', 'final', 'jps'):
    least = {}
    for fn in glob.glob('/work/scratch/r59/kitr/%s-*.csv' % n):
        for r in csv.DictReader(open(fn)):
            k, v = int(r['experiment_id']), int(r['max_step_time'])
            least[k] = min(least.get(k, v), v)
    v = sorted(least.values()); m = len(v)
    at = lambda pm: v[min(m - 1, -(-m * pm // 1000) - 1)]
    top = sorted(least.items(), key=lambda kv: -kv[1])[:5]
    print(n, 'queries', m, 'least max_step: max %.3f ms p99.9 %.3f p99 %.3f' % (v[-1] / 1e6, at(999) / 1e6, at(990) / 1e6),
          ' top:', ' '.join('q%d:%.2f' % (k, x / 1e6) for k, x in top))
PY
