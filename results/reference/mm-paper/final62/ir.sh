#!/bin/bash
# ir.sh GPPC TAG: callgrind Ir inside mm_get_path + md5 of --paths on the sample maps (2 at a time)
G=$1; T=$2; B=/work/shared/benchmarks; O=/work/scratch/r62/ir; mkdir -p $O/pre-$T
MAPS="dao/brc202d dao/lgt600d dao/den602d dao/orz900d dao/lak519d rooms/64room_000 rooms/32room_004 mazes/maze512-4-0 random/random512-25-5"
for m in $MAPS; do $G --entry mm --pre-dir $O/pre-$T -pre $B/maps/$m.map $B/scenarios/$m.map.scen >/dev/null 2>&1; done
run() { m=$1; n=$(basename $m); valgrind --tool=callgrind --callgrind-out-file=$O/$T-$n.cg --toggle-collect=mm_get_path $G --entry mm --pre-dir $O/pre-$T -run --paths $O/$T-$n.paths $B/maps/$m.map $B/scenarios/$m.map.scen > $O/$T-$n.out 2>&1; }
export -f run; export G T B O
printf "%s\n" $MAPS | xargs -P 2 -I{} bash -c 'run {}'
for m in $MAPS; do n=$(basename $m); echo "$n $(grep -o 'totals: [0-9]*' $O/$T-$n.cg | cut -d' ' -f2) $(md5sum < $O/$T-$n.paths | cut -c1-8)"; done > $O/$T.txt
cat $O/$T.txt
