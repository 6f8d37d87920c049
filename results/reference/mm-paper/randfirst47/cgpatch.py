import sys
p = sys.argv[1] + '/driver/replay.c'
s = open(p).read()
s = s.replace('#include "driver.h"\n', '#include "driver.h"\n#include <stdlib.h>\n#include <valgrind/callgrind.h>\n', 1)
a = '        do {\n            done = e->get_path(inst, q->start, q->goal, path);'
assert a in s
s = s.replace(a, '''        static int cg = -1;
        if (cg < 0)
            cg = getenv("CG_FIRST20") ? atoi(getenv("CG_FIRST20")) : 0;
        bool tog = cg == 1 ? !have20 : cg == 2 ? have20 : false;
        if (tog)
            CALLGRIND_TOGGLE_COLLECT;
''' + a, 1)
b = '        } while (join_idle && !done && idle > 0 && idle < MAX_IDLE_CALLS);\n'
assert b in s
s = s.replace(b, b + '        if (tog)\n            CALLGRIND_TOGGLE_COLLECT;\n', 1)
open(p, 'w').write(s)
