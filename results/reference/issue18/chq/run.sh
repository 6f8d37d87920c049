#!/bin/bash
cd /work/wt/chq
G=/tmp/chq_gppc_final2; B=../shared/benchmarks
nice -n 10 python3 scripts/compare.py --family dao --entries "ch,jps,jps+,ch:hubs=0" --baseline jps --second jps+ --limit 1.0 --rounds 3 --gppc $G --pre-dir /tmp/chq_fin2/pre_dao --out /tmp/chq_fin2/dao > /tmp/chq_fin2/dao.log 2>&1
echo "dao compare done rc=$?" >> /tmp/chq_fin2/status
: > /tmp/chq_fin2/check.csv
for fam in dao rooms random mazes; do
  i=0
  for m in $(ls $B/maps/$fam/*.map | sort); do
    i=$((i+1))
    if [ $fam != dao ] && [ $(( (i-1) % 5 )) -ne 0 ]; then continue; fi
    b=$(basename $m .map)
    nice -n 10 $G --entry ch --pre-dir /tmp/chq_fin2/pre_check -check $m $B/scenarios/$fam/$b.map.scen > /tmp/chq_fin2/one.out 2>&1
    rc=$?
    s=$(grep '^SUMMARY' /tmp/chq_fin2/one.out)
    f() { echo "$s" | grep -o " $1=[0-9.]*" | cut -d= -f2; }
    echo "ch,$fam,$b,$rc,$(f queries),$(f invalid),$(f over_bound),$(f subopt_max),$(f graph),$(f nodes),$(f hub_entries),$(f ram_after_kb)" >> /tmp/chq_fin2/check.csv
  done
done
echo "checks done" >> /tmp/chq_fin2/status
