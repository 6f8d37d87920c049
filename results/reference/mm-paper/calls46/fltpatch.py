import sys
# FLT=1: each call's minor page faults (getrusage RUSAGE_THREAD) and thread CPU ns to stderr when faults > 0
p=sys.argv[1]+'/driver/replay.c'; s=open(p).read()
s='#define _GNU_SOURCE\n'+s
s=s.replace('#include <string.h>\n','#include <string.h>\n#include <stdlib.h>\n#include <stdio.h>\n#include <sys/resource.h>\n',1)
old='            done = e->get_path(inst, q->start, q->goal, path);\n'
new=('            static int flt = -1; static long qn = -1; static const ScenQuery *lastq; if (flt < 0) flt = getenv("FLT") != NULL;\n'
     '            if (q != lastq) { qn++; lastq = q; }\n'
     '            struct rusage ru0, ru1; if (flt) getrusage(RUSAGE_THREAD, &ru0);\n'+old+
     '            if (flt) { getrusage(RUSAGE_THREAD, &ru1); long d = ru1.ru_minflt - ru0.ru_minflt + ru1.ru_majflt - ru0.ru_majflt; if (d) fprintf(stderr, "FLT q %ld call %u faults %ld\\n", qn, (unsigned)r->calls, d); }\n')
assert old in s; s=s.replace(old,new,1); open(p,'w').write(s)
