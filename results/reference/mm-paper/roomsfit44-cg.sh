#!/bin/bash
# roomsfit44-cg.sh BIN MAP OPTS (rooms maps): -pre natively, then instructions inside *_get_path (callgrind) of -run, whole scenario
B=$1; m=$2; o=$3
M=/work/shared/benchmarks/maps/rooms; S=/work/shared/benchmarks/scenarios/rooms
d=/work/scratch/roomsfit44/pre/cg_$(echo "$B" | md5sum | cut -c1-8)_$(echo "$o" | tr -c 'a-z0-9' '_')_$m; mkdir -p $d
out=$(mktemp /work/scratch/roomsfit44/cgout.XXXX)
$B --entry "mm${o:+:$o}" --pre-dir $d -pre $M/$m.map $S/$m.map.scen > /dev/null 2>&1
valgrind --tool=callgrind --toggle-collect='*_get_path' --callgrind-out-file=$out.cg $B --entry "mm${o:+:$o}" --pre-dir $d --strict-pre -run $M/$m.map $S/$m.map.scen > $out.txt 2>&1
ir=$(grep -E "^(summary|totals):" $out.cg | head -1 | awk "{print \$2}")
echo "$m [$o] Ir=$ir $(grep SUMMARY $out.txt | tr ' ' '\n' | grep -E '^(subopt_mean|subopt_max|mm_bytes|invalid)=' | tr '\n' ' ')"
rm -f $out $out.cg $out.txt
