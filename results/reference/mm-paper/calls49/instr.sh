#!/bin/bash
# instr.sh TAG BIN ENTRY MAP...: callgrind instructions inside mm_get_path over each map's whole scenario (2 at a time), into /work/scratch/calls49/instr/TAG.txt
B=/work/shared/benchmarks; T=$1; BIN=$2; E=$3; shift 3; mkdir -p /work/scratch/calls49/ipre/$T /work/scratch/calls49/instr/$T
printf '%s\n' "$@" | xargs -P2 -I{} bash -c 'm={}; x=$(basename $m); o=/work/scratch/calls49/instr/'$T'/$x.cg; valgrind --tool=callgrind --toggle-collect=mm_get_path --callgrind-out-file=$o '$BIN' --entry '$E' --pre-dir /work/scratch/calls49/ipre/'$T' -full '$B'/maps/$m.map '$B'/scenarios/$m.map.scen >/dev/null 2>&1'
for m in "$@"; do x=$(basename $m); echo "$x $(grep -m1 '^summary:\|^totals:' /work/scratch/calls49/instr/$T/$x.cg | awk '{print $2}')"; done > /work/scratch/calls49/instr/$T.txt
