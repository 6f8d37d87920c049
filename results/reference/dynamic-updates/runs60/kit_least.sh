#!/bin/bash
# The dynamic kit's own runner, ROUNDS rounds of each LABEL=SO in turn on switch_sc1; each query's
# snapshot_time (the map change) and max_step_time (its first step carries the change) read at
# their least over the rounds.
KD=/work/scratch/r60/kd; O=/work/scratch/r60/kitr; R=${ROUNDS:-5}
cd $KD
for r in $(seq 1 $R); do
  for b in "$@"; do n=${b%%=*}; so=${b#*=}
    cp $so lib/libGPPCentry.so; ./run -full data/switch_sc1_Aurora_TheFrozenSea.scen > /dev/null 2>&1; cp result.csv $O/$n-$r.csv
  done
done
python3 - "$@" <<'PY'
import csv, glob, sys
for b in sys.argv[1:]:
    n = b.split('=')[0]
    least, snap = {}, {}
    for fn in glob.glob('/work/scratch/r60/kitr/%s-*.csv' % n):
        for r in csv.DictReader(open(fn)):
            k, v, s = int(r['experiment_id']), int(r['max_step_time']), int(r['snapshot_time'])
            least[k] = min(least.get(k, v), v)
            if s: snap[k] = min(snap.get(k, s), s)
    v = sorted(least.values()); m = len(v)
    at = lambda pm: v[min(m - 1, -(-m * pm // 1000) - 1)]
    top = sorted(least.items(), key=lambda kv: -kv[1])[:5]
    print(n, 'queries', m, 'least max_step: max %.3f ms p99.9 %.3f p99 %.3f' % (v[-1] / 1e6, at(999) / 1e6, at(990) / 1e6),
          ' top:', ' '.join('q%d:%.2f' % (k, x / 1e6) for k, x in top))
    print('   changes %d, snapshot least: sum %.3f ms, max %.3f ms (q%d)' % (len(snap), sum(snap.values()) / 1e6, max(snap.values()) / 1e6, max(snap, key=snap.get)))
PY
