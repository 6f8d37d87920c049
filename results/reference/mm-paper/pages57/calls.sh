#!/bin/bash
# calls.sh NAME BIN ROUNDS: calls56's runs (--calls with counters, ROUNDS rounds) on pages57's maps,
# into /work/scratch/pages57/NAME; MAPS from the environment for fewer
export W=/work/scratch/pages57 K=leg_page_grows,leg_open_grows,mm_bytes,mm_bytes_jps,near,guarded
export MAPS=${MAPS:-"lak519d brc997d lak511d hrt000d den200n"}
exec "$(dirname "$0")/../calls56/calls.sh" "$@"
