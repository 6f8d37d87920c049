/* GPPC.h: the classic start kit's point type (startkit-classic 1.2.0,
 * namespace GPPC), declared from its documentation so a classic entry
 * builds here without the kit; a kit's own GPPC.h beside the entry wins. */
#ifndef GPPC_GPPC_H
#define GPPC_GPPC_H

#include <stdint.h>

namespace GPPC
{
struct xyLoc {
    int16_t x;
    int16_t y;
};
} // namespace GPPC

#endif
