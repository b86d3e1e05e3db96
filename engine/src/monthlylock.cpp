#include "flickdesk/engine/monthlylock.h"

#include <algorithm>

namespace flickdesk::engine {

namespace {

// The history restricted to events dated before `lockDay` (P1: events earlier in the same month
// do not count). Player ids stay as they are, so indices keep their meaning.
RatingHistory historyBefore(const RatingHistory& history, DayNumber lockDay)
{
    RatingHistory prefix;
    prefix.playerIds = history.playerIds;
    for (const Event& e : history.events) {
        if (e.date < lockDay)
            prefix.events.push_back(e);
    }
    return prefix;
}

MonthlyLock lockFromRun(const RatingHistory& prefix, DayNumber month, const FlickSkillParameters& parameters,
                        const FlickSkillRunControl& control)
{
    MonthlyLock lock;
    lock.month = month;
    lock.eventsRated = static_cast<int>(prefix.events.size());
    lock.ratings.assign(prefix.playerIds.size(), Gaussian{parameters.mu0, parameters.sigma0});
    lock.rated.assign(prefix.playerIds.size(), 0);
    if (prefix.events.empty())
        return lock;
    const FlickSkillResult result = rateHistory(prefix, parameters, control);
    lock.iterations = result.iterations;
    lock.converged = result.converged;
    for (std::size_t p = 0; p < result.curves.size(); ++p) {
        if (result.curves[p].empty())
            continue;
        // N6: the rating is the posterior at the player's latest batch.
        lock.ratings[p] = result.rating(static_cast<PlayerIndex>(p), parameters);
        lock.rated[p] = 1;
    }
    return lock;
}

} // namespace

MonthlyLock computeMonthlyLock(const RatingHistory& history, DayNumber month,
                               const FlickSkillParameters& parameters, const FlickSkillRunControl& control)
{
    const DayNumber first = firstOfMonth(month);
    return lockFromRun(historyBefore(history, first), first, parameters, control);
}

std::vector<DayNumber> monthsOfEvents(const RatingHistory& history)
{
    std::vector<DayNumber> months;
    months.reserve(history.events.size());
    for (const Event& e : history.events)
        months.push_back(firstOfMonth(e.date));
    std::sort(months.begin(), months.end());
    months.erase(std::unique(months.begin(), months.end()), months.end());
    return months;
}

} // namespace flickdesk::engine
