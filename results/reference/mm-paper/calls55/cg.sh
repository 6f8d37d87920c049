#!/bin/bash
# cg.sh: whole-run instructions (prepare and queries) and mm_get_path's, base55 against now, on the 7 maps
D=/work/shared/benchmarks; W=/work/scratch/calls55/cg; mkdir -p $W
for m in lak519d brc997d den504d den011d lak506d brc203d orz303d; do
  for b in base now; do BIN=$([ $b = base ] && echo /work/scratch/base55/build/gppc || echo /work/scratch/calls55/gppc_v2)
    P=/work/scratch/calls55/paths_$b/pre
    valgrind --tool=callgrind --callgrind-out-file=$W/$m.$b.whole $BIN --entry mm -full --pre-dir $P $D/maps/dao/$m.map $D/scenarios/dao/$m.map.scen > /dev/null 2>&1
    valgrind --tool=callgrind --callgrind-out-file=$W/$m.$b.calls --toggle-collect=mm_get_path $BIN --entry mm -full --pre-dir $P $D/maps/dao/$m.map $D/scenarios/dao/$m.map.scen > /dev/null 2>&1
  done
  w0=$(grep ^totals $W/$m.base.whole | cut -d' ' -f2); w1=$(grep ^totals $W/$m.now.whole | cut -d' ' -f2)
  c0=$(grep ^totals $W/$m.base.calls | cut -d' ' -f2); c1=$(grep ^totals $W/$m.now.calls | cut -d' ' -f2)
  echo "| $m | $w0 | $w1 | $(python3 -c "print('%.4f'%($w1/$w0))") | $c0 | $c1 | $(python3 -c "print('%.4f'%($c1/$c0))") |"
done
