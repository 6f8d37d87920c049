import sys
# CG_EACH=1: every call of the reported query collected and dumped on its own (callgrind.out.N per call);
# CALL_FAULTS=1: a stderr line per timed call that took page faults (its query, call, faults)
p=sys.argv[1]+'/driver/replay.c'; s=open(p).read()
s='#define _GNU_SOURCE\n'+s
s=s.replace('#include <string.h>\n','#include <string.h>\n#include <stdlib.h>\n#include <stdio.h>\n#include <sys/resource.h>\n#include <valgrind/callgrind.h>\n#include <malloc.h>\n',1)
old='            done = e->get_path(inst, q->start, q->goal, path);\n'
new=('            static int each = -1, flt = 0, al = 0;\n'
     '            if (each < 0) { each = getenv("CG_EACH") != NULL; flt = getenv("CALL_FAULTS") != NULL; al = getenv("CALL_ALLOCS") != NULL; }\n'
     '            bool cg = times && each;\n'
     '            struct rusage ru0, ru1; if (flt) getrusage(RUSAGE_THREAD, &ru0);\n'
     '            struct mallinfo2 mi0 = {0}, mi1; if (al) mi0 = mallinfo2();\n'
     '            if (cg) CALLGRIND_TOGGLE_COLLECT;\n'+old+
     '            if (cg) CALLGRIND_TOGGLE_COLLECT;\n'
     '            if (cg) CALLGRIND_DUMP_STATS;\n'
     '            if (al) { mi1 = mallinfo2(); if (mi1.uordblks != mi0.uordblks || mi1.hblkhd != mi0.hblkhd) fprintf(stderr, "ALLOC q=%d call=%ld bytes=%ld\\n", times ? (int)times->calls_query : -1, (long)r->calls, (long)(mi1.uordblks + mi1.hblkhd) - (long)(mi0.uordblks + mi0.hblkhd)); }\n'
     '            if (flt) { getrusage(RUSAGE_THREAD, &ru1); long d = ru1.ru_minflt - ru0.ru_minflt + ru1.ru_majflt - ru0.ru_majflt;\n'
     '              if (d) fprintf(stderr, "FAULTS q=%d call=%ld faults=%ld\\n", times ? (int)times->calls_query : -1, (long)r->calls, d); }\n')
assert old in s; s=s.replace(old,new,1); open(p,'w').write(s)
