#include "flickdesk/engine/monthlylock.h"

#include <algorithm>
#include <stdexcept>

namespace flickdesk::engine {

bool MonthlyLock::isRated(PlayerIndex player) const
{
    return std::binary_search(players.begin(), players.end(), player);
}

Gaussian MonthlyLock::rating(PlayerIndex player) const
{
    const auto it = std::lower_bound(players.begin(), players.end(), player);
    if (it == players.end() || *it != player)
        return prior;
    return posteriors[static_cast<std::size_t>(it - players.begin())];
}

void MonthlyLock::setRating(PlayerIndex player, Gaussian posterior)
{
    const auto it = std::lower_bound(players.begin(), players.end(), player);
    const auto at = it - players.begin();
    if (it != players.end() && *it == player) {
        posteriors[static_cast<std::size_t>(at)] = posterior;
        return;
    }
    players.insert(it, player);
    posteriors.insert(posteriors.begin() + at, posterior);
}

MonthlyLock computeMonthlyLock(const RatingHistory& history, DayNumber month,
                               const FlickSkillParameters& parameters, const FlickSkillRunControl& control)
{
    // P1: the events dated before the 1st of the month; those earlier in the same month do not count.
    MonthlyLock lock;
    lock.month = firstOfMonth(month);
    lock.prior = Gaussian{parameters.mu0, parameters.sigma0};
    lock.eventsRated =
        static_cast<int>(std::count_if(history.events.begin(), history.events.end(),
                                       [&lock](const Event& e) { return e.date < lock.month; }));
    if (lock.eventsRated == 0)
        return lock;
    // N6: the rating is the posterior at the player's latest batch.
    LatestPosteriors latest = latestPosteriorsBefore(history, lock.month, parameters, control);
    lock.iterations = latest.iterations;
    lock.converged = latest.converged;
    lock.players = std::move(latest.players);
    lock.posteriors = std::move(latest.posteriors);
    return lock;
}

bool isAfterHistory(const RatingHistory& history, DayNumber month)
{
    const DayNumber first = firstOfMonth(month);
    return std::all_of(history.events.begin(), history.events.end(),
                       [first](const Event& e) { return e.date < first; });
}

MonthlyLock lockAfterHistory(const RatingHistory& history, DayNumber month,
                             const FlickSkillParameters& parameters, const FlickSkillResult& run)
{
    if (!isAfterHistory(history, month))
        throw std::invalid_argument("lockAfterHistory: an event is dated in or after the lock's month");
    if (run.cancelled || run.curves.size() != history.playerIds.size())
        throw std::invalid_argument("lockAfterHistory: the run is not this history's");
    MonthlyLock lock;
    lock.month = firstOfMonth(month);
    lock.prior = Gaussian{parameters.mu0, parameters.sigma0};
    lock.eventsRated = static_cast<int>(history.events.size());
    if (lock.eventsRated == 0)
        return lock; // as computeMonthlyLock: no run
    lock.iterations = run.iterations;
    lock.converged = run.converged;
    for (std::size_t p = 0; p < run.curves.size(); ++p) {
        if (run.curves[p].empty())
            continue;
        const LearningCurvePoint& latest = run.curves[p].back(); // N6
        lock.players.push_back(static_cast<PlayerIndex>(p));
        lock.posteriors.push_back({latest.mu, latest.sigma});
    }
    return lock;
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
