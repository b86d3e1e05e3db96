// The monthly locks of Tour points over a stored history (core/awards/tourlocks.h).

#include "core/awards/tourlocks.h"

#include "core/formats/historydigest.h"
#include "core/store/store.h"
#include "flickdesk/engine/date.h"

#include <algorithm>

namespace flickdesk::core {

std::map<engine::DayNumber, std::vector<engine::PlayerIndex>>
tourEntrantsByMonth(const HistoryFolder& folder, const TourEventFilter& include)
{
    std::map<engine::DayNumber, std::vector<engine::PlayerIndex>> entrants;
    for (std::size_t i = 0; i < folder.events.size(); ++i) {
        // DECISIONS T1: only Tour events award points, as computeTourPoints chooses them.
        if (folder.events[i].tour == Tour::None || (include && !include(folder.events[i])))
            continue;
        const engine::Event& event = folder.history.events[i];
        std::vector<engine::PlayerIndex>& players = entrants[engine::firstOfMonth(event.date)];
        for (const engine::Standing& standing : event.standings)
            players.insert(players.end(), standing.unit.players.begin(), standing.unit.players.end());
    }
    for (auto& [month, players] : entrants) {
        std::sort(players.begin(), players.end());
        players.erase(std::unique(players.begin(), players.end()), players.end());
    }
    return entrants;
}

std::map<engine::DayNumber, engine::MonthlyLock>
reusableTourLocks(Store& store, const HistoryFolder& folder, const engine::FlickSkillParameters& parameters,
                  const TourEventFilter& include)
{
    engine::FlickSkillParameters stored;
    store.flickSkillParameters().applyTo(stored);
    if (flickSkillParametersJson(stored) != flickSkillParametersJson(parameters))
        return {};
    const Store::PlayersByMonth entrants = tourEntrantsByMonth(folder, include);
    return store.reusableLocks(folder, parameters, &entrants);
}

int storeComputedTourLocks(Store& store, const HistoryFolder& folder,
                           const engine::FlickSkillParameters& parameters, const TourPoints& points,
                           qint64 generation)
{
    if (store.isReadOnly())
        return 0;
    const QJsonObject parametersJson = flickSkillParametersJson(parameters);
    engine::FlickSkillParameters own;
    store.flickSkillParameters().applyTo(own);
    if (flickSkillParametersJson(own) != parametersJson)
        return 0; // not the database's locks
    std::vector<engine::DayNumber> months;
    for (std::size_t m = 0; m < points.locks.size(); ++m) {
        if (points.computed[m])
            months.push_back(points.locks[m].month);
    }
    if (months.empty())
        return 0;
    const std::map<engine::DayNumber, QString> digests = historyDigestsBefore(folder, parametersJson, months);
    std::vector<QString> ids; // shared by the rows of every lock (computedLockOf)
    int storedLocks = 0;
    for (std::size_t m = 0; m < points.locks.size(); ++m) {
        if (!points.computed[m])
            continue;
        const engine::MonthlyLock& lock = points.locks[m];
        const ComputedLock rows = computedLockOf(folder, lock, digests.at(lock.month), ids);
        try {
            store.storeComputedLock(rows.month, rows.ratings, parametersJson, lock.iterations, lock.converged,
                                    rows.historyDigest, generation);
            ++storedLocks;
        } catch (const StoreError& refused) {
            if (refused.kind() != StoreError::Kind::Refused)
                throw;
            if (store.historyGeneration() != generation)
                break; // the history changed: none of the others is its lock any more
        }
    }
    return storedLocks;
}

} // namespace flickdesk::core
