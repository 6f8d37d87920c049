#!/bin/bash
# mkcg.sh SRC DEST: copy tree SRC to DEST, apply cgpatch3.py (CG_EACH: a callgrind dump per call of the reported query), build gppc
set -e
S=$1; D=$2
rm -rf $D; mkdir -p $D
(cd $S && git ls-files -co --exclude-standard | grep -v '^results/' | tar cf - -T -) | (cd $D && tar xf -)
cd $D && python3 /work/scratch/calls50/cgpatch3.py . && make -j2 build/gppc >/dev/null
