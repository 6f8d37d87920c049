#!/bin/bash
# tab.sh DIR: one row per result file: map variant subopt_mean subopt_max mm_bytes over region jps abs index cpu
cd $1
for f in *.txt; do
  m=${f%%.*}; v=${f#*.}; v=${v%.txt}
  awk -F= -v m=$m -v v=$v '{a[$1]=$2} END {printf "%s %s q=%s inv=%s mean=%s max=%s bytes=%s over=%d region=%s jps=%s abs=%s index=%s cpu=%s peak=%s\n", m, v, a["queries"], a["invalid"], a["subopt_mean"], a["subopt_max"], a["mm_bytes"], a["mm_bytes"]-163840, a["mm_bytes_region"], a["mm_bytes_jps"], a["mm_bytes_abs"], a["mm_bytes_index"], a["total_cpu_s"], a["mm_bytes_peak"]}' $f
done
