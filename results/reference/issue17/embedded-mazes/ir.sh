#!/bin/sh
# Instructions (callgrind Ir) of the timed GetPath calls on the embedded mazes:
# sh results/reference/issue17/embedded-mazes/ir.sh GPPC [ENTRY]   (from the repo root)
# ENTRY mm (default) or jps; prints one line per map.
G=${1:-build/gppc}; E=${2:-mm}; P=$(mktemp -d)
F=mm_get_path; [ "$E" = jps ] && F=jps_get_path
for m in maze256-1-0 maze256-2-0 maze256-4-0 maze256-8-0; do
    printf '%s %s ' "$m" "$E"
    valgrind --tool=callgrind --callgrind-out-file=/dev/null --toggle-collect=$F "$G" --entry "$E" --pre-dir "$P" \
        -full maps/mazes/$m.map scenarios/mazes/$m.map.scen 2>&1 | grep -o 'refs:.*' | tr -d ' ,'
done
rm -rf "$P"
