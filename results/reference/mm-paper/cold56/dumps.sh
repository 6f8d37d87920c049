#!/bin/bash
# dumps.sh BIN NAME MAP [ENTRY]: callgrind of every mm_get_path call (--dump-after); NAME/MAP.ins: call index (1-based, the --calls file's line), instructions; NAME/MAP.total: the run's mm_get_path instructions
BIN=$1; N=$2; m=$3; E=${4:-mm}; D=/work/shared/benchmarks; W=/work/scratch/cold56/cg/$N; mkdir -p $W/pre
$BIN --entry $E -pre --pre-dir $W/pre $D/maps/dao/$m.map $D/scenarios/dao/$m.map.scen > /dev/null 2>&1
valgrind --tool=callgrind --callgrind-out-file=$W/$m.out --toggle-collect=mm_get_path --dump-after=mm_get_path $BIN --entry $E -full --pre-dir $W/pre --calls $W/${m}_calls.txt --paths $W/$m.paths $D/maps/dao/$m.map $D/scenarios/dao/$m.map.scen > $W/$m.sum 2>&1
grep -H ^totals $W/$m.out.* | sed -E 's/.*\.out\.([0-9]+):totals: ([0-9]+)/\1 \2/' | sort -n > $W/$m.ins
awk '{s+=$2} END{print s}' $W/$m.ins > $W/$m.total
sort -k2 -n -r $W/$m.ins | head -8 | awk -v W=$W -v m=$m '{print W"/"m".out."$1}' > $W/$m.keep
ls $W/$m.out.* | grep -vxF -f $W/$m.keep | xargs rm -f
