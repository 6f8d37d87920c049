#!/bin/bash
# fam.sh BIN TAG: callgrind of mm_get_path on rooms every 8th, random every 35th, three mazes (fam_*.txt)
# (turns48/cg.sh: mm_get_path instructions by callgrind, fresh preprocessing, paths md5; OUT dirs $2_FAMILY)
mkdir -p /work/scratch/turns48; cd /work/scratch/jpsexp49
for fam in rooms random mazes; do FAM=$fam /work/main/results/reference/mm-paper/turns48/cg.sh $1 /work/scratch/jpsexp49/$2_$fam $(cat fam_$fam.txt); done
