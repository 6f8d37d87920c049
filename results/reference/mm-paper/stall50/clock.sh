#!/bin/bash
# clock.sh OUT ROUNDS "MAPS" NAME=BIN...: each map's dao scenario, `--entry mm -full --cpu-clock call --calls`,
# the builds interleaved map by map, their order rotated each round; fresh preprocessing folder each run.
out=$1; rounds=$2; maps=$3; shift 3; mkdir -p $out
M=/work/shared/benchmarks/maps/dao; S=/work/shared/benchmarks/scenarios/dao
bins=("$@"); n=${#bins[@]}
for r in $(seq 1 $rounds); do for m in $maps; do for i in $(seq 0 $((n-1))); do
  nb=${bins[$(( (i + r) % n ))]}; name=${nb%%=*}; bin=${nb#*=}
  rm -rf $out/pre.$name; mkdir $out/pre.$name
  $bin --entry mm --pre-dir $out/pre.$name --cpu-clock call --calls $out/$name.$m.$r.calls -full $M/$m.map $S/$m.map.scen > $out/$name.$m.$r.out
done; done; done
