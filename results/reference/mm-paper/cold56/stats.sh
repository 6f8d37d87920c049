#!/bin/bash
# stats.sh DIR...: per map in each callgrind dir of dumps.sh: calls, mm_get_path instructions in all, per call median, p99, p99.9, max
for t in "$@"; do for m in lak506d den504d orz303d brc203d; do
  [ -s $t/$m.ins ] && awk '{print $2}' $t/$m.ins | sort -n | awk -v t=$t -v m=$m '{a[NR]=$1; s+=$1} END{printf "%s %s calls=%d total=%d median=%d p99=%d p999=%d max=%d\n", m, t, NR, s, a[int(NR/2)], a[int(NR*0.99)], a[int(NR*0.999)], a[NR]}'
done; done
