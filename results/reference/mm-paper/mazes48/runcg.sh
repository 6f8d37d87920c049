#!/bin/bash
# runcg.sh TAG BIN MAP... : sequential callgrind runs
TAG=$1; BIN=$2; shift 2
for m in "$@"; do ./cg.sh $TAG $BIN $m; done
