/* segbuild.h: planning every center-to-center leg of an abstraction into a
 * segment store (thesis §4.4), in PreprocessMap. The legs are legplan_center's
 * (refine/legplan.h), so a precomputed leg is identical to one planned at run
 * time; the store (cache/segfile.h) only keeps them. */
#ifndef GPPC_REFINE_SEGBUILD_H
#define GPPC_REFINE_SEGBUILD_H

#include "../cache/segfile.h"
#include "legplan.h"

/* Fills `ss` (initialised here) with one leg per edge that holds a record
 * under `mode` (LEGS_NOSYM or LEGS_SYM). False + message when memory ran out. */
bool segbuild_plan_all(SegStore *ss, LegMode mode, LegPlanner *lp, const AbsIndex *ix, Err *err);

#endif
