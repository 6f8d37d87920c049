#!/bin/sh
# cg.sh BIN TAG ENTRY MAP...(family/name): ../jpp/cg1.sh on each map, work folder /tmp/jpr (subsets in
# /tmp/jpr/sc: every 8th query, awk 'NR==1 || NR%8==0'); est = Ir + 10 Bcm + 10 D1mr + 100 DLmr
BIN=$1; TAG=$2; E=$3; shift 3
for m in "$@"; do W=/tmp/jpr "$(dirname "$0")/../jpp/cg1.sh" "$BIN" "$TAG" "$E" "$m"; done
