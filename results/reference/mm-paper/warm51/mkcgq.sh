#!/bin/bash
# mkcgq.sh SRC DEST: copy tree SRC (tracked files) to DEST, apply cgqpatch.py, build gppc
set -e
S=$1; D=$2
rm -rf $D; mkdir -p $D
(cd $S && git ls-files -co --exclude-standard | grep -v '^results/' | tar cf - -T -) | (cd $D && tar xf -)
cd $D && python3 /work/scratch/warm51/cgqpatch.py . && make -j2 build/gppc >/dev/null
