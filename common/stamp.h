/* stamp.h: generation stamps, the one way searches here forget their marks.
 *
 * A search marks what it touches (labels, seen cells, corridor sectors) with
 * its generation number instead of clearing arrays between searches, so a
 * query costs what it touches, not what the map holds. The counter is 32 bits:
 * after 2^32 generations it wraps, and a mark left from long ago could equal a
 * new generation, a silent wrong answer. stamp_next() (stamp_next_byte() for
 * byte marks) is therefore the only place a generation advances: on the wrap
 * it clears every mark of the areas it is given, once, and starts again at 1
 * (0 stays "never marked", which is what calloc gives).
 *
 * An area is `count` uint32 marks, `stride` bytes apart, starting at `first`
 * (a field of an array of records, or a plain uint32 array); STAMP_FIELD and
 * STAMP_ARRAY build one. Areas are looked at only on the wrap. */
#ifndef GPPC_COMMON_STAMP_H
#define GPPC_COMMON_STAMP_H

#include <stddef.h>
#include <stdint.h>

typedef struct StampArea {
    void *first;
    size_t count, stride;
} StampArea;

#define STAMP_FIELD(records, field, count) ((StampArea){&(records)[0].field, (count), sizeof *(records)})
#define STAMP_ARRAY(marks, count) ((StampArea){(marks), (count), sizeof *(marks)})

/* The rare path of stamp_next: clears the areas, sets *gen to 1 and returns it. */
uint32_t stamp_wrap(uint32_t *gen, const StampArea *areas, int nareas);

/* The next generation, clearing the areas first when the counter wraps. */
static inline uint32_t stamp_next(uint32_t *gen, const StampArea *areas, int nareas)
{
    if (__builtin_expect(++*gen == 0, 0))
        return stamp_wrap(gen, areas, nareas);
    return *gen;
}

/* Byte marks, for an array read where a search tests each cell or block
 * against its generation (a mark a sector: search/astar.h AStarLimits):
 * a quarter of uint32 marks' bytes, for a clearing of the `count` marks
 * every 255 generations. The next generation of *gen, 0 staying "never
 * marked". */
uint8_t stamp_wrap_bytes(uint8_t *gen, uint8_t *marks, size_t count);

static inline uint8_t stamp_next_byte(uint8_t *gen, uint8_t *marks, size_t count)
{
    if (__builtin_expect(++*gen == 0, 0))
        return stamp_wrap_bytes(gen, marks, count);
    return *gen;
}

#endif
