#!/bin/bash
# percall.sh OUTDIR FAMILY MAP EVERY BIN: callgrind per call on every EVERY-th query, stage labels from MM_PROBE=2
set -eu
out=$1 fam=$2 m=$3 k=$4 bin=$5
B=/work/shared/benchmarks
d=$out/$m; rm -rf $d; mkdir -p $d
awk -v k=$k 'NR==1 || (NR-2)%k==0' $B/scenarios/$fam/$m.map.scen > $d/s.scen
$bin --entry mm --pre-dir /tmp/c37/pre -pre $B/maps/$fam/$m.map $d/s.scen >/dev/null 2>&1
MM_PROBE=2 valgrind --tool=callgrind --toggle-collect=mm_get_path --dump-after=mm_get_path --callgrind-out-file=$d/cg.out \
  $bin --entry mm --pre-dir /tmp/c37/pre -run $B/maps/$fam/$m.map $d/s.scen 2>$d/err >/dev/null
grep '^PC' $d/err > $d/pc.txt
n=$(wc -l < $d/pc.txt)
for i in $(seq 1 $n); do grep -m1 '^summary:' $d/cg.out.$i | cut -d' ' -f2; echo " $i"; done | paste -d' ' - - > $d/ir.txt
paste -d' ' $d/ir.txt $d/pc.txt > $d/calls.txt
sort -k1 -n -r $d/calls.txt | head -4 | awk '{print $2}' > $d/keep
for i in $(seq 1 $n); do grep -qx " $i" $d/keep || grep -qx "$i" $d/keep || rm -f $d/cg.out.$i; done
sort -k1 -n -r $d/calls.txt | head -12
echo "by stage: max ins, n"
awk '{k=$4"->"$5; if($1>m[k])m[k]=$1; n[k]++} END{for(k in m) print k, m[k], n[k]}' $d/calls.txt | sort -k2 -n -r
