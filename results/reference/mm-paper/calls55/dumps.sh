#!/bin/bash
# dumps.sh: callgrind of every mm_get_path call of base55 (--dump-after), the instructions of the calls named in calls55.md
D=/work/shared/benchmarks; W=/work/scratch/calls55/cgd; B=/work/scratch/base55/build/gppc; mkdir -p $W
for spec in lak519d:89.10,102.119,90.73,107.0 brc997d:93.71,84.0 den504d:487.14 den011d:469.49 lak506d:875.0,907.0 brc203d:490.14 orz303d:532.15,36.0; do
  m=${spec%%:*}; want=${spec#*:}
  valgrind --tool=callgrind --callgrind-out-file=$W/$m.b.out --toggle-collect=mm_get_path --dump-after=mm_get_path $B --entry mm -full --pre-dir /work/scratch/calls55/paths_base/pre --calls $W/${m}_b_calls.txt $D/maps/dao/$m.map $D/scenarios/dao/$m.map.scen > /dev/null 2>&1
  for qc in ${want//,/ }; do q=${qc%.*}; c=${qc#*.}
    n=$(awk -F'\t' -v q=$q -v c=$c 'NR>1{i++} $1==q&&$2==c{print i; exit}' $W/${m}_b_calls.txt)
    ins=$(grep ^totals $W/$m.b.out.$n | cut -d' ' -f2)
    top=$(callgrind_annotate --inclusive=yes $W/$m.b.out.$n 2>/dev/null | grep -E "^ *[0-9,]+ \(" | grep -vE "libc-start|below main|replay_query|mm_get_path|main.c:main|ld-linux|refiner_step|PROGRAM" | head -4 | sed -E 's/ \[.*//; s/ +/ /g; s#/work/wt/calls55/##' | tr '\n' ';')
    echo "$m q$q c$c instructions=$ins top: $top"
  done
  rm -f $W/$m.b.out.*
done
