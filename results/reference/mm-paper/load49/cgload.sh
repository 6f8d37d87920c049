#!/bin/bash
# usage: cgload.sh BIN TAG [maps...]: per map, -pre into a fresh pre-dir, then callgrind of -run with the
# file (load) and with an empty pre-dir (rebuild); prints inclusive instructions of mm_prepare,
# mm_file_load, build_abstraction+abs_index_init.
BIN=$1; TAG=$2; shift 2
cd /work/scratch/load49
M=/work/shared/benchmarks/maps
MAPS=${@:-dao/orz900d dao/den520d rooms/8room_002 rooms/64room_004 random/random512-25-5 mazes/maze512-4-0 dao/hrt201n}
rm -rf pre-$TAG; mkdir -p pre-$TAG empty cg-$TAG
inc() { callgrind_annotate --inclusive=yes $1 2>/dev/null | grep -E ":$2 \[" | head -1 | awk '{gsub(",","",$1); print $1}'; }
for m in $MAPS; do
  n=$(basename $m)
  $BIN -pre --pre-dir pre-$TAG $M/$m.map scen1/$n.scen >/dev/null 2>&1
  valgrind --tool=callgrind --callgrind-out-file=cg-$TAG/load-$n.out $BIN -run --pre-dir pre-$TAG $M/$m.map scen1/$n.scen > cg-$TAG/load-$n.txt 2>&1
  valgrind --tool=callgrind --callgrind-out-file=cg-$TAG/reb-$n.out $BIN -run --pre-dir empty $M/$m.map scen1/$n.scen > cg-$TAG/reb-$n.txt 2>&1
  lp=$(inc cg-$TAG/load-$n.out mm_prepare); lf=$(inc cg-$TAG/load-$n.out mm_file_load)
  rp=$(inc cg-$TAG/reb-$n.out mm_prepare); rb=$(inc cg-$TAG/reb-$n.out build_abstraction); ri=$(inc cg-$TAG/reb-$n.out abs_index_init)
  echo "$n prep_load=$lp file_load=$lf prep_rebuild=$rp build=$rb index=$ri prep_ratio=$(echo "scale=3;$lp/$rp"|bc) load_ratio=$(echo "scale=3;$lf/($rb+0$ri)"|bc) $(grep -o 'pre_rejected=[^ ]*' cg-$TAG/load-$n.txt)"
done
