#!/bin/bash
# cmp.sh TAG_A TAG_B MAP...: least max / p99.9 / p99 per map for both tags (calls40/least.py)
S=/work/scratch/cold48; A=$1; Bt=$2; shift 2
for m in "$@"; do x=$(basename $m); a=$(python3 /work/main/results/reference/mm-paper/calls40/least.py $S/calls/$A/$x.[0-9]*); b=$(python3 /work/main/results/reference/mm-paper/calls40/least.py $S/calls/$Bt/$x.[0-9]*); echo "$x | $a | $b" | sed 's/calls=[0-9]* //g'; done
