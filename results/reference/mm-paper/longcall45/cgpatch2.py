import sys
# As cgpatch.py, and CG_EACH=1: every call of the reported query collected and dumped on its own (callgrind.out.N per call)
p=sys.argv[1]+'/driver/replay.c'; s=open(p).read()
s='#define _GNU_SOURCE\n'+s
s=s.replace('#include <string.h>\n','#include <string.h>\n#include <stdlib.h>\n#include <stdio.h>\n#include <valgrind/callgrind.h>\n',1)
old='            done = e->get_path(inst, q->start, q->goal, path);\n'
new=('            static int cg_call = -2, each = 0;\n'
     '            if (cg_call == -2) { cg_call = getenv("CG_CALL") ? atoi(getenv("CG_CALL")) : -1; each = getenv("CG_EACH") != NULL; }\n'
     '            bool cg = times && (each || (cg_call >= 0 && (int)r->calls == cg_call));\n'
     '            if (cg) CALLGRIND_TOGGLE_COLLECT;\n'+old+
     '            if (cg) CALLGRIND_TOGGLE_COLLECT;\n'
     '            if (cg && each) CALLGRIND_DUMP_STATS;\n')
assert old in s; s=s.replace(old,new,1); open(p,'w').write(s)
