#!/bin/bash
# usage: cg.sh TAG BIN MAP [entry-opts] [keep]  -> cg/TAG.MAP.{out,sum}
TAG=$1; BIN=$2; m=$3; OPT=${4:-mm}; KEEP=$5
B=/work/shared/benchmarks
case $m in maze*) fam=mazes;; random*) fam=random;; *room*) fam=rooms;; *) fam=dao;; esac
D=/work/scratch/mazes48/cg; P=/work/scratch/mazes48/pre_$TAG; mkdir -p $P
$BIN --entry $OPT --pre-dir $P -pre $B/maps/$fam/$m.map $B/scenarios/$fam/$m.map.scen >/dev/null 2>&1
valgrind --tool=callgrind --toggle-collect='*_get_path' --callgrind-out-file=$D/$TAG.$m.out $BIN --entry $OPT --pre-dir $P -run $B/maps/$fam/$m.map $B/scenarios/$fam/$m.map.scen --paths $D/$TAG.$m.paths > $D/$TAG.$m.log 2>&1
ir=$(grep -o 'Collected : [0-9]*' $D/$TAG.$m.log | grep -o '[0-9]*$')
s=$(grep SUMMARY $D/$TAG.$m.log | tr ' ' '\n' | grep -E '^(mm_bytes|subopt_mean|subopt_max|invalid|profile|jps_tiles|cache_misses|jps_coarse_bytes)=' | tr '\n' ' ')
md=$(md5sum < $D/$TAG.$m.paths | cut -c1-10)
echo "$TAG $m Ir=$ir md5=$md $s" > $D/$TAG.$m.sum
[ -z "$KEEP" ] && rm -f $D/$TAG.$m.out
cat $D/$TAG.$m.sum
