#!/bin/bash
# cachesim.sh MAP Q C...: callgrind --cache-sim=yes of base56, each mm_get_path call dumped; prints the named calls' instructions and misses (I1, D1, LL) by function
m=$1; shift; D=/work/shared/benchmarks; W=/work/scratch/cold56/cs; B=/work/scratch/base56/build/gppc; mkdir -p $W/pre
$B --entry mm -pre --pre-dir $W/pre $D/maps/dao/$m.map > /dev/null 2>&1
valgrind --tool=callgrind --cache-sim=yes --callgrind-out-file=$W/$m.out --toggle-collect=mm_get_path --dump-after=mm_get_path $B --entry mm -full --pre-dir $W/pre --calls $W/${m}_calls.txt $D/maps/dao/$m.map $D/scenarios/dao/$m.map.scen > /dev/null 2>&1
keep=""
while [ $# -ge 2 ]; do q=$1; c=$2; shift 2
  n=$(awk -F'\t' -v q=$q -v c=$c 'NR>1{i++} $1==q&&$2==c{print i; exit}' $W/${m}_calls.txt); keep="$keep $m.out.$n"
  echo "== $m q$q c$c dump $n: events $(grep ^events $W/$m.out.$n)"; grep ^summary $W/$m.out.$n
done
cd $W && ls | grep "^$m.out\.[0-9]" | grep -vxF -f <(echo $keep | tr ' ' '\n') | xargs rm -f
