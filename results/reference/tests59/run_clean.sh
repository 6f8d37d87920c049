#!/bin/sh
# usage: run_clean.sh SRC_REPO BRANCH LOG
d=$(mktemp -d) && git clone -q -b "$2" "$1" $d/gppc-mm && ln -s /work/shared $d/shared && cd $d/gppc-mm && git log --oneline -1 && make test > "$3" 2>&1; echo "rc=$?" >> "$3"; cp build/test_times.json "$3.times.json"; cd /; rm -rf "$d"
