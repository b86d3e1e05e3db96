#include "flickdesk/engine/monthlylock.h"

#include <algorithm>
#include <atomic>
#include <mutex>
#include <numeric>
#include <thread>

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
                               const FlickSkillParameters& parameters)
{
    const DayNumber first = firstOfMonth(month);
    return lockFromRun(historyBefore(history, first), first, parameters, {});
}

std::vector<MonthlyLock> computeMonthlyLocks(const RatingHistory& history, std::span<const DayNumber> months,
                                             const FlickSkillParameters& parameters,
                                             const FlickSkillRunControl& control, unsigned threads)
{
    requireRatable(history);

    std::vector<MonthlyLock> locks(months.size());
    if (months.empty())
        return locks;

    // Largest runs first, so that the workers finish together.
    std::vector<std::size_t> order(months.size());
    std::iota(order.begin(), order.end(), std::size_t{0});
    std::sort(order.begin(), order.end(),
              [&](std::size_t a, std::size_t b) { return months[a] > months[b]; });

    if (threads == 0)
        threads = std::max(1u, std::thread::hardware_concurrency());
    threads = std::min<unsigned>(threads, static_cast<unsigned>(months.size()));

    std::atomic<std::size_t> next{0};
    std::atomic<int> finished{0};
    std::mutex progressMutex;
    FlickSkillRunControl inner;
    inner.cancel = control.cancel;
    auto work = [&] {
        for (std::size_t i = next.fetch_add(1); i < order.size(); i = next.fetch_add(1)) {
            if (control.cancel != nullptr && control.cancel->isCancelled())
                return;
            const std::size_t k = order[i];
            const DayNumber first = firstOfMonth(months[k]);
            locks[k] = lockFromRun(historyBefore(history, first), first, parameters, inner);
            const int done = finished.fetch_add(1) + 1;
            if (control.onProgress) {
                std::lock_guard<std::mutex> guard(progressMutex);
                control.onProgress({done, static_cast<int>(order.size()), 0.0});
            }
        }
    };
    std::vector<std::thread> workers;
    for (unsigned t = 1; t < threads; ++t)
        workers.emplace_back(work);
    work();
    for (std::thread& t : workers)
        t.join();
    if (control.cancel != nullptr && control.cancel->isCancelled())
        return {};
    return locks;
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
