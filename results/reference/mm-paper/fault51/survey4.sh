#!/bin/bash
# survey4.sh OUT MAPS PADS LABEL=BIN:PREDIR...: survey_pad.sh over the maps listed in MAPS, binaries interleaved
out=$1; maps=$2; pads=$3; shift 3
mkdir -p $out
for p in $pads; do
  x=$(printf 'x%.0s' $(seq 1 $p))
  while read m s; do
    n=$(basename $m .map)
    for spec in "$@"; do
      lab=${spec%%=*}; rest=${spec#*=}; bin=${rest%%:*}; pre=${rest#*:}
      $bin --entry mm -run --cpu-clock call --calls $out/$lab.$n.p$p$x.calls --pre-dir $pre $m $s > $out/$lab.$n.p$p.out 2>&1 || echo "rc $? $lab $n $p"
      mv $out/$lab.$n.p$p$x.calls $out/$lab.$n.p$p.calls
    done
  done < $maps
done
