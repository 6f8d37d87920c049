#!/bin/bash
# usage: sweep.sh BIN OUTDIR "variant1" "variant2" ... ; maps from $MAPS
BIN=$1; OUT=$2; shift 2
B=/work/shared/benchmarks
mkdir -p $OUT
for v in "$@"; do
  for m in $MAPS; do
    spec=mm; [ -n "$v" ] && [ "$v" != base ] && spec="mm:$v"
    tag=$(echo "$v" | tr ',=' '_-')
    f=$OUT/$m.$tag.txt
    [ -s $f ] && continue
    $BIN --entry $spec -full $B/maps/random/$m.map $B/scenarios/random/$m.map.scen 2>&1 | grep -v "^GPPC" | tr ' \t' '\n\n' | grep -E "^(queries|invalid|subopt_mean|subopt_max|mm_bytes.*|total_cpu_s|first20_mean_us|profile|jps_bytes)=" > $f
  done
done
