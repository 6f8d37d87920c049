#!/bin/bash
# Builds the classic start kit's ./run with gppc-mm behind Entry.cpp: the C
# sources in gppcmm/ into a static library, then the kit's *.cpp against it.
# The entry is the spec below (make kit-classic KIT_ENTRY=...), or
# GPPC_MM_ENTRY=jps ./compile.sh at build time.
set -euo pipefail
cd "$(dirname "$0")"
spec="${GPPC_MM_ENTRY:-@KIT_ENTRY@}"
mkdir -p index_data gppcmm/obj
objs=()
for src in $(cd gppcmm && find . -name '*.c' ! -path './kits/*' | sort); do
    obj="gppcmm/obj/$(echo "${src#./}" | tr / _).o"
    cc -std=c11 -O2 -Wall -Wextra -D_POSIX_C_SOURCE=200809L -c -o "$obj" "gppcmm/$src"
    objs+=("$obj")
done
rm -f gppcmm/libgppcmm.a
ar rcs gppcmm/libgppcmm.a "${objs[@]}"
g++ -std=c++17 -O3 -DNDEBUG -W -Wall -DGPPC_MM_SPEC="\"$spec\"" -o run *.cpp gppcmm/libgppcmm.a -lm
