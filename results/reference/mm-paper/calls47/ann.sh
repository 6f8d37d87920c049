#!/bin/bash
# ann.sh DIR CALL [N]: inclusive functions of call CALL's dump
D=$1; C=$2; N=${3:-30}
f=$(ls $D/cg.out.* | sort -V | sed -n "$((C+1))p")
callgrind_annotate --inclusive=yes --threshold=100 $f 2>/dev/null | sed -n '/file:function/,$p' | grep -v 'libc-start\|below main\|replay_query\|main.c:main\|ld-linux\|^--' | head -$N | sed 's#/work/scratch/calls47/[a-z0-9]*/##; s# \[.*##'
