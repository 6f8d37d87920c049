#!/bin/bash
# hot.sh BIN FUNC TAG MAP [PRE]: FUNC's instructions one by one over MAP's dao scenario (mm_get_path
# collected), count beside each disassembled line. PRE: a pre-dir holding MAP's mm file (default pre).
# Needs perinstr.py beside it; writes cgi-TAG-MAP.out, TAG.s, TAG.cnt in the current folder.
B=$1; F=$2; T=$3; m=$4; P=${5:-pre}; H=$(dirname "$0")
BENCH=${BENCH:-/work/shared/benchmarks}
M=$BENCH/maps/dao/$m.map; S=$BENCH/scenarios/dao/$m.map.scen
valgrind --tool=callgrind --dump-instr=yes --callgrind-out-file=cgi-$T-$m.out --toggle-collect=mm_get_path "$B" --pre-dir "$P" -run "$M" "$S" >/dev/null 2>&1
objdump -d --no-show-raw-insn "$B" | awk -v f="<$F>:" '$2==f{go=1} go{print} go && /^$/{exit}' > $T.s
python3 "$H/perinstr.py" cgi-$T-$m.out "$F" > $T.cnt
python3 - $T <<'PY'
import sys
T = sys.argv[1]
cnt = {}
for l in open(f'{T}.cnt'):
    a, c = l.split()
    cnt[int(a, 16)] = int(c)
for l in open(f'{T}.s'):
    parts = l.split(':', 1)
    try:
        a = int(parts[0].strip(), 16)
    except ValueError:
        print(l.rstrip())
        continue
    print(f"{cnt.get(a, 0):9d} {l.rstrip()}")
PY
