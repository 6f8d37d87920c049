#!/bin/bash
# Builds lib/libGPPCentry.so for the dynamic start kit from gppc-mm's C
# sources in gppcmm/, exporting only the kit's gppc_* functions; with the
# kit's gppc/ folder present, also its local ./run against that library.
# The entry is the spec below (make kit-dynamic KIT_ENTRY=...), or
# GPPC_MM_ENTRY=jps ./compile.sh at build time.
set -euo pipefail
cd "$(dirname "$0")"
spec="${GPPC_MM_ENTRY:-@KIT_ENTRY@}"
mkdir -p index_data lib
kit=()
if [ -f Entry.h ]; then kit=(-DGPPC_KIT_ENTRY_H "-I$PWD"); fi # check against the kit's own declarations
srcs=$(cd gppcmm && find . -name '*.c' ! -path './kits/*' | sort | sed 's|^\./|gppcmm/|')
cc -std=c11 -O2 -Wall -Wextra -D_POSIX_C_SOURCE=200809L -fPIC -fvisibility=hidden -shared "${kit[@]}" \
    -DGPPC_MM_SPEC="\"$spec\"" -Wl,--version-script=gppcmm/kits/dynamic/gppc_dynamic.map \
    -o lib/libGPPCentry.so $srcs gppcmm/kits/dynamic/gppc_dynamic.c -lm
if [ -d gppc ]; then
    g++ -std=c++17 -O2 -Igppc -o run gppc/*.cpp gppc/validator/ValidateSerialize.cpp -Llib -lGPPCentry \
        -Wl,-rpath,'$ORIGIN/lib'
fi
