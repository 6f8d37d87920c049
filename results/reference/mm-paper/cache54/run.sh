#!/bin/bash
# cache54's checks, from /work/scratch/cache54/r: run.sh LABEL BIN
# pre-base: base54's -pre files for the 28 maps (file bytes are the same for both binaries).
lab=$1; bin=$2; M=/work/wt/cache54/results/reference/mm-paper/memo52/maps.txt
mkdir -p pre-base shim-$lab cg paths/$lab
# 1. every allocation inside timed calls (cache53's shim, aligned_alloc hooked)
while read m s; do n=$(basename $m .map)
  SHIM_LOG=shim-$lab/$n.log LD_PRELOAD=./ashim2.so $bin --entry mm -run --cpu-clock call --calls shim-$lab/$n.calls --pre-dir pre-base $m $s > shim-$lab/$n.out 2>&1 || echo "rc $? $n"
done < $M
# 2. paths: -full, a fresh pre-dir, md5 of --paths
rm -rf paths/$lab/pre; mkdir -p paths/$lab/pre
for m in dao/den011d dao/lak506d dao/brc203d rooms/8room_002 mazes/maze512-4-6; do n=$(basename $m)
  $bin --entry mm --paths paths/$lab/$n.paths -full --pre-dir paths/$lab/pre /work/shared/benchmarks/maps/$m.map /work/shared/benchmarks/scenarios/$m.map.scen > paths/$lab/$n.out 2>&1
  echo "paths $lab $n $(md5sum < paths/$lab/$n.paths | cut -c1-12) $(grep -o -E ' invalid=[0-9]+' paths/$lab/$n.out | head -1)"
done
# 3. callgrind instructions inside mm_get_path, whole scenario
for m in dao/lak506d dao/brc203d rooms/8room_002; do n=$(basename $m)
  valgrind --tool=callgrind --toggle-collect=mm_get_path --callgrind-out-file=cg/$lab.$n.out $bin --entry mm -run --pre-dir pre-base /work/shared/benchmarks/maps/$m.map /work/shared/benchmarks/scenarios/$m.map.scen > /dev/null 2> cg/$lab.$n.err
  echo "cg $lab $n $(grep -o 'Collected : [0-9]*' cg/$lab.$n.err)"
done
