#pragma once

// The monthly locks of many months at once, spread over worker threads. The engine stays
// single-threaded (CODING_GUIDELINES.md): it computes one lock per call, with a cancel flag; this is
// the caller that runs those calls side by side.

#include "flickdesk/engine/monthlylock.h"

#include <span>
#include <vector>

namespace flickdesk::core {

// The locks of `months`, each exactly as engine::computeMonthlyLock makes it (DECISIONS P1, N5's
// schedule from scratch, so a lock never depends on which other months were asked for), spread over
// `threads` workers (0: one per core). Months are returned in the order given. Progress reports
// finished locks as `iteration` of `maxIterations`, one report at a time; a cancelled run returns an
// empty list. Throws what engine::requireRatable throws for a history that cannot be rated.
std::vector<engine::MonthlyLock> computeMonthlyLocks(const engine::RatingHistory& history,
                                                     std::span<const engine::DayNumber> months,
                                                     const engine::FlickSkillParameters& parameters = {},
                                                     const engine::FlickSkillRunControl& control = {},
                                                     unsigned threads = 0);

} // namespace flickdesk::core
