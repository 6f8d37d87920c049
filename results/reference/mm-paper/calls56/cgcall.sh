#!/bin/bash
# cgcall.sh NAME BIN PRE: callgrind of every mm_get_path call on den011d (--dump-after), the named calls' instructions and the 3 largest calls
D=/work/shared/benchmarks; W=/work/scratch/calls56/cgd; m=den011d; N=$1; BIN=$2; PRE=$3; mkdir -p $W; rm -f $W/$m.$N.out*
valgrind --tool=callgrind --callgrind-out-file=$W/$m.$N.out --toggle-collect=mm_get_path --dump-after=mm_get_path $BIN --entry mm -full --pre-dir $PRE --calls $W/${m}_${N}_calls.txt $D/maps/dao/$m.map $D/scenarios/dao/$m.map.scen > /dev/null 2>&1
for qc in 469.49 469.42 529.46; do q=${qc%.*}; c=${qc#*.}
  n=$(awk -F'\t' -v q=$q -v c=$c 'NR>1{i++} $1==q&&$2==c{print i; exit}' $W/${m}_${N}_calls.txt)
  echo "$N q$q c$c $(grep ^totals $W/$m.$N.out.$n)"
done
for f in $W/$m.$N.out.*; do grep ^totals $f | cut -d' ' -f2; done | sort -n | tail -3
