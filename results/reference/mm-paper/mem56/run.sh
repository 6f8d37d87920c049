#!/bin/sh
# Per-array bytes of the abstraction and the hierarchy (mem56.md): a copy of
# the tree with probe.patch (prints under MEMPROBE=1 only; never merged),
# one -full run per map, fresh --pre-dir.
# Usage: run.sh TREE SCRATCH
tree=$1 s=$2 B=/work/shared/benchmarks
rm -rf "$s/probe" && cp -r "$tree" "$s/probe" && rm -f "$s/probe/.git"
(cd "$s/probe" && patch -p1 <"$tree/results/reference/mm-paper/mem56/probe.patch" >/dev/null && make -j2 build/gppc >/dev/null) || exit 1
for m in mazes/maze512-4-0 mazes/maze512-4-6 rooms/8room_002 mazes/maze512-1-0; do
  pd=$(mktemp -d); echo "$m"
  MEMPROBE=1 "$s/probe/build/gppc" --entry mm -full --pre-dir "$pd" "$B/maps/$m.map" "$B/scenarios/$m.map.scen" 2>&1 |
    grep -o 'PROBE.*'
  rm -rf "$pd"; done
