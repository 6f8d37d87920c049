#include "stamp.h"

#include <string.h>

uint32_t stamp_wrap(uint32_t *gen, const StampArea *areas, int nareas)
{
    for (int a = 0; a < nareas; a++) {
        char *p = areas[a].first;
        for (size_t i = 0; i < areas[a].count; i++, p += areas[a].stride)
            memset(p, 0, sizeof(uint32_t));
    }
    return *gen = 1;
}

uint8_t stamp_wrap_bytes(uint8_t *gen, uint8_t *marks, size_t count)
{
    memset(marks, 0, count);
    return *gen = 1;
}
