#pragma once

// The monthly locks of many months at once, spread over worker threads. The engine stays
// single-threaded (CODING_GUIDELINES.md): it computes one lock per call, with a cancel flag; this is
// the caller that runs those calls side by side.

#include "flickdesk/engine/monthlylock.h"

#include <functional>
#include <span>
#include <vector>

namespace flickdesk::core {

// The locks of `months`, each exactly as engine::computeMonthlyLock makes it (DECISIONS P1, N5's
// schedule from scratch, so a lock never depends on which other months were asked for), spread over
// `threads` workers (0: one per core): the one place FlickDesk computes a lock (one month alone:
// core::MonthLocks::compute, core/awards/monthlocks.h). Months are returned in the order given.
// Progress reports finished locks as `iteration` of `maxIterations`, one report at a time (for one
// month alone, the run's sweeps instead); a cancelled run returns an empty list. Throws what
// engine::requireRatable throws for a history that cannot be rated.
//
// With `finished`, the calling thread computes nothing: it hands each lock, as soon as it is done, to
// `finished` (its index in `months` and the lock), one at a time, in the order they finish, while
// the workers go on; what `finished` leaves of the lock is what is returned. A caller that stores
// each lock and keeps only a few players of it so never holds every month's whole lock at once
// (`points` at a million finishes: 65 locks of up to 250,000 players). What `finished` throws stops
// the workers (each after its current lock) and is thrown on once they have stopped.
//
// A run holds about 160 bytes per finish it rates. With `finished` (a caller that keeps little of
// each lock, as `points` does), when the largest run rates more than `largeRun` finishes, half the
// workers take the largest month left and the others the smallest (two of the largest runs at once
// would hold two whole histories' working sets), and the memory freed is handed back to the system
// after each hand-over (glibc keeps a thread's freed memory for that thread: each worker would hold
// the most its runs ever took). Otherwise every worker takes the largest month left, which balances
// them best. A caller in a process with a window passes a `largeRun` no history reaches: handing
// memory back holds the allocator's locks, which the window's thread then waits on (the window's
// Recompute). The locks are the same either way.
//
// With setLockWorkersYield(true), the workers of a caller that takes each lock as it is done
// (`finished`) run below the process's other threads (Linux: nice kLockWorkerNice; elsewhere as
// they are). A process with a window sets it (ui::backgroundPool): the window's Recompute stores
// each lock while the workers compute the next ones, and a check-in on the window's thread waits
// for the store's current transaction, which must not be preempted by the runs. At a million
// finishes the longest check-in was 165 ms with the workers at nice 0 (190 ms with transactions of
// 20 ms instead of 40), 147 ms at nice 2, 115 ms at nice 4 and 94-98 ms at nice 10. Nice values
// weigh against other programs too: under load from another program such a Recompute slows down
// more than the program does. The CLI never sets it, and the window's Tour views hand no lock over
// (they store theirs afterwards), so their workers never yield.
using FinishedLock = std::function<void(std::size_t index, engine::MonthlyLock& lock)>;
inline constexpr std::size_t kLargeRunFinishes = 200'000; // about 32 MB of working set
inline constexpr int kLockWorkerNice = 10;
void setLockWorkersYield(bool yield);
std::vector<engine::MonthlyLock> computeMonthlyLocks(const engine::RatingHistory& history,
                                                     std::span<const engine::DayNumber> months,
                                                     const engine::FlickSkillParameters& parameters = {},
                                                     const engine::FlickSkillRunControl& control = {},
                                                     unsigned threads = 0, const FinishedLock& finished = {},
                                                     std::size_t largeRun = kLargeRunFinishes);

} // namespace flickdesk::core
