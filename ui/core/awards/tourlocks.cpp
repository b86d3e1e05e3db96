// The monthly locks of Tour points over a stored history (core/awards/tourlocks.h).

#include "core/awards/tourlocks.h"

#include "core/awards/monthlocks.h"
#include "core/formats/historydigest.h"
#include "core/store/store.h"

namespace flickdesk::core {
namespace {

// Whether `parameters` (as JSON) are the database's own: only its own locks are read or stored.
bool databasesOwn(Store& store, const QJsonObject& parameters)
{
    engine::FlickSkillParameters own;
    store.flickSkillParameters().applyTo(own);
    return flickSkillParametersJson(own) == parameters;
}

} // namespace

std::map<engine::DayNumber, engine::MonthlyLock>
reusableTourLocks(Store& store, const HistoryFolder& folder, const engine::FlickSkillParameters& parameters,
                  const TourEventFilter& include)
{
    return reusableTourLocks(store, folder, parameters, tourEntrantsByMonth(folder, include));
}

std::map<engine::DayNumber, engine::MonthlyLock>
reusableTourLocks(Store& store, const HistoryFolder& folder, const engine::FlickSkillParameters& parameters,
                  const std::map<engine::DayNumber, std::vector<engine::PlayerIndex>>& entrants)
{
    return MonthLocks::storedMonths(store, folder, parameters, &entrants);
}

TourLockStore::TourLockStore(Store& store, const HistoryFolder& folder,
                             const engine::FlickSkillParameters& parameters,
                             const std::vector<engine::DayNumber>& months, qint64 generation)
    : store_(store)
    , folder_(folder)
    , parametersJson_(flickSkillParametersJson(parameters))
    , months_(months)
    , generation_(generation)
{
    accepts_ = !store.isReadOnly() && !months.empty() && databasesOwn(store, parametersJson_);
}

bool TourLockStore::store(const engine::MonthlyLock& lock)
{
    if (!accepts_)
        return false;
    if (digests_.empty()) // one pass over the history gives every month's (historydigest.h)
        digests_ = historyDigestsBefore(folder_, parametersJson_, months_);
    const auto digest = digests_.find(lock.month);
    if (digest == digests_.end())
        return false;
    const ComputedLock rows = computedLockOf(folder_, lock, digest->second, ids_);
    try {
        store_.storeComputedLock(rows.month, rows.ratings, parametersJson_, lock.iterations, lock.converged,
                                 rows.historyDigest, generation_);
    } catch (const StoreError& refused) {
        if (refused.kind() != StoreError::Kind::Refused) {
            accepts_ = false;
            throw;
        }
        if (store_.historyGeneration() != generation_)
            accepts_ = false; // the history changed: none of the others is its lock any more
        return false;
    }
    ++stored_;
    return true;
}

int storeComputedTourLocks(Store& store, const HistoryFolder& folder,
                           const engine::FlickSkillParameters& parameters, const TourPoints& points,
                           qint64 generation, const engine::CancelToken* stop)
{
    std::vector<engine::DayNumber> months;
    for (std::size_t m = 0; m < points.locks.size(); ++m) {
        if (points.computed[m])
            months.push_back(points.locks[m].month);
    }
    TourLockStore locks(store, folder, parameters, months, generation);
    for (std::size_t m = 0; m < points.locks.size() && locks.accepts(); ++m) {
        if (stop != nullptr && stop->isCancelled())
            break;
        if (points.computed[m])
            locks.store(points.locks[m]);
    }
    return locks.stored();
}

} // namespace flickdesk::core
