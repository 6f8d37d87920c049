#!/bin/bash
# mkcg.sh NAME: the rooms53 worktree's change (against 1361cc9) on the callgrind tree (1361cc9 +
# rooms48/scratch-replay.patch), built and copied to /work/scratch/rooms53/gppc-NAME
# (the tree made first by: git -C /work/main worktree add --detach /work/scratch/rooms53/cg 1361cc9)
set -e
cd /work/scratch/rooms53/cg
git checkout -q -- . && git clean -qfd -e build
patch -s -p1 < /work/main/results/reference/mm-paper/rooms48/scratch-replay.patch
(cd /work/wt/rooms53 && git diff 1361cc9 -- . ':!results' ':!tests' ':!docs') | git apply
make -j2 build/gppc > ../mkcg-$1.log 2>&1 || { tail ../mkcg-$1.log; exit 1; }
cp build/gppc ../gppc-$1
