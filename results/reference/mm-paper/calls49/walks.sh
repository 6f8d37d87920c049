#!/bin/bash
# walks.sh: the grow gate's walks on base49, counted by a copy of base49 that prints a line at each walk
# (mm_budget.c grow_gate, before held_now: "GATEDBG walk N q=... held=... more=... line=... budget=...");
# the branch counts them itself (SUMMARY gate_walks, paths.sh's B.sum).
B=/work/shared/benchmarks; S=/work/scratch/calls49; source $(dirname $0)/maps.sh
for m in $DAO $ROOMS; do x=$(basename $m)
  $S/dbgbase/build/gppc --entry mm --pre-dir $S/pre/dbgb -full $B/maps/$m.map $B/scenarios/$m.map.scen 2>$S/dbgbout/$x.err >/dev/null
  echo "$x base $(grep -c walk $S/dbgbout/$x.err) now $(tr ' ' '\n' < $S/paths/$x.B.sum | grep '^gate_walks=' | cut -d= -f2)"
done
