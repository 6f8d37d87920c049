#!/bin/sh
# rooms37: callgrind instructions of the queries alone (-run after -pre; the hierarchy is built at prepare, so its build is counted too).
# usage: sh rooms37-cg.sh BIN TAG MAP...  (writes /work/scratch/rooms37/cg_TAG_MAP.{out,txt,err}; prints Ir, subopt mean, ch bytes)
B=/work/shared/benchmarks
bin=$1; tag=$2; shift 2
for m in "$@"; do
  d=/work/scratch/rooms37/cg_pre_$tag; mkdir -p $d
  $bin --pre-dir $d -pre $B/maps/rooms/$m.map $B/scenarios/rooms/$m.map.scen >/dev/null 2>&1
  valgrind --tool=callgrind --callgrind-out-file=/work/scratch/rooms37/cg_${tag}_$m.out $bin --pre-dir $d -run $B/maps/rooms/$m.map $B/scenarios/rooms/$m.map.scen > /work/scratch/rooms37/cg_${tag}_$m.txt 2> /work/scratch/rooms37/cg_${tag}_$m.err
  echo "$m $tag $(grep -o 'Collected : [0-9]*' /work/scratch/rooms37/cg_${tag}_$m.err) $(grep SUMMARY /work/scratch/rooms37/cg_${tag}_$m.txt | tr ' ' '\n' | grep -E '^(subopt_mean|mm_bytes_ch)=' | tr '\n' ' ')"
done
