#pragma once

// The monthly locks (DECISIONS P1) that Tour points of a stored history read and store: the
// database's locks reused where they are the history's, and the locks computed in their place
// kept for the next reader (docs/monthly-locks.md). Used by `flickdesk-cli points --db` and
// `standings --db`, and by the window's Tour standings and Tier report.

#include "core/awards/tourpoints.h"

#include <QJsonObject>
#include <QString>
#include <QtGlobal>
#include <map>
#include <memory>
#include <vector>

namespace flickdesk::core {

class Store;

// The stored locks of the months of the Tour events `include` takes that are `folder`'s own
// (Store::reusableLocks), each holding only those events' entrants: computeTourPoints's `reusable`.
// None when `parameters` are not the database's (--params, --epsilon): its locks are of others.
std::map<engine::DayNumber, engine::MonthlyLock>
reusableTourLocks(Store& store, const HistoryFolder& folder, const engine::FlickSkillParameters& parameters,
                  const TourEventFilter& include);
// The same for the months and players of `entrants` (tourEntrantsByMonth), for a caller that
// needs them as well.
std::map<engine::DayNumber, engine::MonthlyLock>
reusableTourLocks(Store& store, const HistoryFolder& folder, const engine::FlickSkillParameters& parameters,
                  const std::map<engine::DayNumber, std::vector<engine::PlayerIndex>>& entrants);

// Stores locks computed from `folder` (read from `store`) for the next reader, one at a time, each in
// transactions that take turns with the window's writes (Store::storeComputedLock), while the
// stored history is still the one of `generation` (Store::historyGeneration before `folder` was
// read). A month the store refuses (an awarded event used its lock: P2) is left as it is; once the
// history has changed, no lock is stored any more. Storing saves the next reader's time only.
// Nothing is stored when the store is read-only or `parameters` are not the database's (--params,
// --epsilon). Used on the thread of `store`'s connection.
class TourLockStore {
public:
    // `months`: those of the locks that may be stored. Their digests are computed once, when the
    // first lock is stored: a caller that finds every lock stored already pays nothing for them.
    TourLockStore(Store& store, const HistoryFolder& folder, const engine::FlickSkillParameters& parameters,
                  const std::vector<engine::DayNumber>& months, qint64 generation);
    bool accepts() const { return accepts_; } // false: nothing will be stored
    // Stores `lock` (of one of the months given); false when it was not stored. Throws StoreError
    // other than a refusal (a full disk, a damaged file), after which nothing more is stored.
    bool store(const engine::MonthlyLock& lock);
    int stored() const { return stored_; }

private:
    Store& store_;
    const HistoryFolder& folder_;
    QJsonObject parametersJson_;
    std::vector<engine::DayNumber> months_;
    std::map<engine::DayNumber, QString> digests_; // of months_, made by the first store()
    std::vector<QString> ids_;                     // shared by the rows of every lock (computedLockOf)
    qint64 generation_ = 0;
    bool accepts_ = false;
    int stored_ = 0;
};

// The locks `points` computed rather than read (its `computed` flags), stored as TourLockStore
// stores them, until `stop` is cancelled (checked before each lock). Returns how many were stored.
int storeComputedTourLocks(Store& store, const HistoryFolder& folder,
                           const engine::FlickSkillParameters& parameters, const TourPoints& points,
                           qint64 generation, const engine::CancelToken* stop = nullptr);

// The locks a Tour view computed rather than read, kept with what storing them needs: the view shows
// its result and hands these to a store of their own (ui::storeTourLocksInBackground).
struct ComputedTourLocks {
    std::shared_ptr<const HistoryFolder> folder;
    engine::FlickSkillParameters parameters;
    TourPoints points;     // points.computed marks the locks to store
    qint64 generation = 0; // Store::historyGeneration before `folder` was read
};

} // namespace flickdesk::core
