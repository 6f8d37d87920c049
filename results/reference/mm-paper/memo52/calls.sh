#!/bin/bash
# calls.sh OUT MAPS ROUNDS PADS LABEL=BIN...: --cpu-clock call runs, binaries interleaved map by map,
# the heap layout moved by padding the --calls file name (as fault51/survey4.sh)
out=$1; maps=$2; rounds=$3; pads=$4; shift 4
mkdir -p $out
for r in $(seq 1 $rounds); do for p in $pads; do
  x=$(printf 'x%.0s' $(seq 1 $p))
  while read m s; do
    n=$(basename $m .map)
    for spec in "$@"; do
      lab=${spec%%=*}; bin=${spec#*=}
      $bin --entry mm -run --cpu-clock call --calls $out/$lab.$n.r$r.p$p$x.calls --pre-dir pre-base $m $s > $out/$lab.$n.r$r.p$p.out 2>&1 || echo "rc $? $lab $n"
      mv $out/$lab.$n.r$r.p$p$x.calls $out/$lab.$n.r$r.p$p.calls
    done
  done < $maps
done; done
