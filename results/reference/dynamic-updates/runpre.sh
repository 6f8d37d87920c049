#!/bin/sh
# usage: runpre.sh BIN OUT sizes...   (wall time and peak RSS of `mm -pre`, and its SUMMARY pre_s)
B=$1; O=$2; shift 2
for n in "$@"; do for k in open dao; do
  /usr/bin/time -f "$k$n elapsed=%e cpu_s=%U+%S rss_kb=%M" timeout 1200 $B --entry mm --pre-dir /work/scratch/i32/pre -pre large/$k$n.map none >$O.out 2>>$O.err
  echo "$(tail -1 $O.err) $(grep -o 'pre_s=[0-9.]*' $O.out) $(grep -o ' regions=[0-9]*' $O.out) $(grep -o 'ch_bytes=[0-9]*' $O.out)" >> $O
done; done
