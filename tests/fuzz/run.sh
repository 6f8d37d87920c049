#!/usr/bin/env bash
# make fuzz: runs every target of the libFuzzer binary (tests/fuzz/harness.h)
# for FUZZ_SECONDS each, FUZZ_JOBS at a time, then prints one table row per
# target (execs, corpus, crashes, slow inputs). New inputs go to
# build/fuzz/corpus/NAME (the committed seeds in tests/fuzz/NAME are only
# read); a crashing input is saved to build/fuzz/crashes/NAME/, replayed once
# to show what broke, and the run exits 1.
#   tests/fuzz/run.sh build/fuzz/gppc_fuzz [NAME...]
set -uo pipefail
bin=$1
shift
secs=${FUZZ_SECONDS:-60}
jobs=${FUZZ_JOBS:-2}
names=${*:-$(FUZZ_LIST=1 "$bin")}
out=build/fuzz
one() {
    local name=$1
    mkdir -p "$out/corpus/$name" "$out/crashes/$name" "$out/logs"
    # -close_fd_mask=2: the entries' rejection messages go nowhere; libFuzzer
    # and the sanitizers keep their own copy of stderr for their reports.
    FUZZ_TARGET=$name "$bin" -max_total_time="$secs" -timeout=20 -print_final_stats=1 -close_fd_mask=2 \
        -artifact_prefix="$out/crashes/$name/" "$out/corpus/$name" "tests/fuzz/$name" >"$out/logs/$name.log" 2>&1
    echo "fuzz: $name done (exit $?)"
}
export -f one
export bin secs out
echo "fuzz: ${secs}s per target, $jobs at a time: $(echo $names)"
printf '%s\n' $names | xargs -P "$jobs" -I{} bash -c 'one {}'
printf '%-14s %10s %9s %8s %8s %6s\n' target execs exec/s corpus crashes slow
bad=0
for name in $names; do
    log=$out/logs/$name.log
    execs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log" | tail -1)
    rate=$(sed -n 's/^stat::average_exec_per_sec: *//p' "$log" | tail -1)
    crashes=$(find "$out/crashes/$name" -type f ! -name 'slow-unit-*' | wc -l)
    slow=$(find "$out/crashes/$name" -type f -name 'slow-unit-*' | wc -l)
    corpus=$(find "$out/corpus/$name" -type f | wc -l)
    printf '%-14s %10s %9s %8s %8s %6s\n' "$name" "${execs:-?}" "${rate:-?}" "$corpus" "$crashes" "$slow"
    for f in $(find "$out/crashes/$name" -type f ! -name 'slow-unit-*'); do
        bad=1
        # Replayed with stderr open: the harness names the broken invariant.
        why=$(FUZZ_TARGET=$name "$bin" "$f" 2>&1 | grep -m1 -E "gppc_fuzz $name:|^SUMMARY:|ERROR:")
        echo "  $f: ${why:-see $log}"
    done
done
exit $bad
