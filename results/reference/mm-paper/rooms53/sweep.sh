#!/bin/bash
# sweep.sh BIN MODE MAP R...: callgrind of MAP's GetPath calls at each JPS reach R (mm:reach=R),
# MODE 1 (a query's calls before its path is 20 long) or all, by roomsfirst52/cg.sh;
# BIN built by mkcg.sh (the replay instrument on top); output in ./rR_MODE/MAP.cg
BIN=$1; MODE=$2; MAP=$3; shift 3
CG=/work/wt/rooms53/results/reference/mm-paper/roomsfirst52/cg.sh
for r in "$@"; do MAPS=rooms/$MAP bash $CG $BIN r${r}_$MODE $MODE mm:reach=$r; done
