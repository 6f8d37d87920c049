import sys
# cgqpatch.py TREE: driver/replay.c patched so that with CG_Q=N callgrind dumps once before query N
# (everything the process ran before it) and once after each of query N's calls (query N counted from 0)
p = sys.argv[1] + '/driver/replay.c'; s = open(p).read()
s = s.replace('#include <string.h>\n', '#include <string.h>\n#include <stdlib.h>\n#include <valgrind/callgrind.h>\n', 1)
old = '    bool done = false, shrank = false, stuck = false;\n'
new = old + ('    static long cg_q = -2, cg_n = 0;\n'
             '    if (cg_q == -2) cg_q = getenv("CG_Q") ? atol(getenv("CG_Q")) : -1;\n'
             '    bool cg = cg_n++ == cg_q;\n'
             '    if (cg) CALLGRIND_DUMP_STATS;\n')
assert old in s; s = s.replace(old, new, 1)
old = '        } while (join_idle && !done && idle > 0 && idle < MAX_IDLE_CALLS);\n'
new = old + '        if (cg) CALLGRIND_DUMP_STATS;\n'
assert old in s; s = s.replace(old, new, 1)
open(p, 'w').write(s)
