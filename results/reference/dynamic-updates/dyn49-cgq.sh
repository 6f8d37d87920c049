#!/bin/bash
# usage: dyn49-cgq.sh BIN LABEL [ENTRY] : callgrind dump before each replay_query on switch_sc1 (one part a query);
# prints the parts of the heaviest queries. The query q (0-based) is part q+2; part q+1 ends with its charged update.
B=$1; L=$2; E=${3:-mm}; D=/work/scratch/dyn49/cgq-$L; rm -rf $D; mkdir -p $D; cd $D
S=/work/scratch/dyn49/kd/data/switch_sc1_Aurora_TheFrozenSea.scen
valgrind --tool=callgrind --dump-before=replay_query --callgrind-out-file=$D/cg.%p $B --entry $E -full --pre-dir $D/pre $S > out.txt 2> err.txt
awk '/^part:/{p=$2} /^(summary|totals):/{print p, $2; nextfile}' cg.* | sort -n > parts.txt
# total without part 1 (preprocessing)
awk 'NR>1{s+=$2} END{print "queries_total", s}' parts.txt
sort -k2 -n -r parts.txt | head -5 | awk '{print "heaviest part", $1, "query", $1-2, $2}'
for q in 1429 543 1651 1206 2100; do a=$(awk -v p=$((q+1)) '$1==p{print $2}' parts.txt); b=$(awk -v p=$((q+2)) '$1==p{print $2}' parts.txt); echo "q$q prev_part=$a part=$b"; done
