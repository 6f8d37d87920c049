import sys
p=sys.argv[1]+'/driver/replay.c'; s=open(p).read()
s='#define _GNU_SOURCE\n'+s
s=s.replace('#include <string.h>\n','#include <string.h>\n#include <stdlib.h>\n#include <stdio.h>\n#include <sys/resource.h>\n#include <valgrind/callgrind.h>\n',1)
old='            done = e->get_path(inst, q->start, q->goal, path);\n'
new=('            static int cg_call = -2, flt = 0;\n'
     '            if (cg_call == -2) { cg_call = getenv("CG_CALL") ? atoi(getenv("CG_CALL")) : -1; flt = getenv("CALL_FAULTS") != NULL; }\n'
     '            bool cg = cg_call >= 0 && times && (int)r->calls == cg_call;\n'
     '            struct rusage ru0, ru1; if (flt) getrusage(RUSAGE_THREAD, &ru0);\n'
     '            if (cg) CALLGRIND_TOGGLE_COLLECT;\n'+old+
     '            if (cg) CALLGRIND_TOGGLE_COLLECT;\n'
     '            if (flt) { getrusage(RUSAGE_THREAD, &ru1); long d = ru1.ru_minflt - ru0.ru_minflt + ru1.ru_majflt - ru0.ru_majflt;\n'
     '              if (d) fprintf(stderr, "FAULTS q=%d call=%ld faults=%ld\\n", times ? times->calls_query : -1, (long)r->calls, d); }\n')
assert old in s; s=s.replace(old,new,1); open(p,'w').write(s)
