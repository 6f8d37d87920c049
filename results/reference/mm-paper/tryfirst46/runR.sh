#!/bin/bash
TAG=$1; ENVS=$2; OPTS=$3; B=/work/shared/benchmarks
mkdir -p rR/$TAG
ls $B/maps/rooms | sed 's/\.map$//' | xargs -P1 -I{} sh -c "env $ENVS ./gppc_x --entry 'mm$OPTS' -full $B/maps/rooms/{}.map $B/scenarios/rooms/{}.map.scen > rR/$TAG/{}.out 2>/dev/null"
python3 - $TAG <<'PY'
import sys,glob,re
S=Q=0;mx=0;bad=0;jps=cap=0
for f in glob.glob('rR/%s/*.out'%sys.argv[1]):
    t=open(f).read(); q=int(re.search(r'\bqueries=(\d+)',t).group(1)); s=float(re.search(r'subopt_mean=([\d.]+)',t).group(1))
    S+=s*q;Q+=q; mx=max(mx,float(re.search(r'subopt_max=([\d.]+)',t).group(1))); bad+=int(re.search(r'bad_queries=(\d+)',t).group(1))
    jps+=int(re.search(r'\bjps=(\d+)',t).group(1)); cap+=int(re.search(r'jps_capped=(\d+)',t).group(1))
print(sys.argv[1],'rooms subopt_qw %.6f max %.4f bad %d jps %d capped %d'%(S/Q,mx,bad,jps,cap))
PY
