#!/bin/bash
# before.sh DIR Q MAP: the routes' counts over the queries before Q in a calls.sh file (with counters), to show which route answered them
awk -F'\t' -v q=$2 'NR==1{for(i=1;i<=NF;i++)h[$i]=i; next} $1<q{cl+=$h["center_legs"]; cm+=$h["cache_misses"]; ab+=$h["abs_expanded"]; j+=$h["jps"]} END{print "before q" q ": center_legs", cl, "cache_misses", cm, "abs_expanded", ab, "jps answers", j}' $1/$3.r1.txt
