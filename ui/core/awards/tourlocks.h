#pragma once

// The monthly locks (DECISIONS P1) that Tour points of a stored history read and store: the
// database's locks reused where they are the history's, and the locks computed in their place
// kept for the next reader (docs/monthly-locks.md). Used by `flickdesk-cli points --db` and
// `standings --db`, and by the window's Tour standings and Tier report.

#include "core/awards/tourpoints.h"

#include <QtGlobal>
#include <map>
#include <memory>
#include <vector>

namespace flickdesk::core {

class Store;

// The players of the Tour events `include` takes (every Tour event when empty), by the 1st of each
// event's month, each month's ascending and once each: all that Tour points read of a month's lock.
std::map<engine::DayNumber, std::vector<engine::PlayerIndex>>
tourEntrantsByMonth(const HistoryFolder& folder, const TourEventFilter& include);

// The stored locks of the months of the Tour events `include` takes that are `folder`'s own
// (Store::reusableLocks), each holding only those events' entrants: computeTourPoints's `reusable`.
// None when `parameters` are not the database's (--params, --epsilon): its locks are of others.
std::map<engine::DayNumber, engine::MonthlyLock>
reusableTourLocks(Store& store, const HistoryFolder& folder, const engine::FlickSkillParameters& parameters,
                  const TourEventFilter& include);

// The locks `points` computed rather than read, stored for the next reader one at a time, each in
// transactions that take turns with the window's writes (Store::storeComputedLock), while the
// stored history is still the one of `generation` (Store::historyGeneration before `folder` was
// read). A month the store refuses (the history changed since, or an awarded event used its lock:
// P2) is left as it is. Storing saves the next reader's time only. Returns how many were stored.
int storeComputedTourLocks(Store& store, const HistoryFolder& folder,
                           const engine::FlickSkillParameters& parameters, const TourPoints& points,
                           qint64 generation);

// The locks a Tour view computed rather than read, kept with what storing them needs: the view shows
// its result and hands these to a store of their own (ui::storeTourLocksInBackground).
struct ComputedTourLocks {
    std::shared_ptr<const HistoryFolder> folder;
    engine::FlickSkillParameters parameters;
    TourPoints points;     // points.computed marks the locks to store
    qint64 generation = 0; // Store::historyGeneration before `folder` was read
};

} // namespace flickdesk::core
