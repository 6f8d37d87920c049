#!/bin/sh
# famrun.sh: every random map, base50 then rand50 (bin_v3), paths kept, for per-query subopt
for m in $(cat /work/scratch/rand50/allrand.txt); do
  [ -f /work/scratch/rand50/fam_base/$m.paths ] || ./runmaps.sh /work/scratch/base50/build/gppc fam_base $m
  ./runmaps.sh /work/scratch/rand50/bin_v3 fam_now $m
done
echo done > /work/scratch/rand50/fam_done
