#include "core/awards/monthlylocks.h"

#include <algorithm>
#include <atomic>
#include <mutex>
#include <numeric>
#include <thread>

namespace flickdesk::core {

std::vector<engine::MonthlyLock> computeMonthlyLocks(const engine::RatingHistory& history,
                                                     std::span<const engine::DayNumber> months,
                                                     const engine::FlickSkillParameters& parameters,
                                                     const engine::FlickSkillRunControl& control,
                                                     unsigned threads)
{
    engine::requireRatable(history);

    std::vector<engine::MonthlyLock> locks(months.size());
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
    // Each lock's run polls the cancel flag; its own sweeps are not reported, only finished locks.
    engine::FlickSkillRunControl inner;
    inner.cancel = control.cancel;
    auto work = [&] {
        for (std::size_t i = next.fetch_add(1); i < order.size(); i = next.fetch_add(1)) {
            if (control.cancel != nullptr && control.cancel->isCancelled())
                return;
            const std::size_t k = order[i];
            locks[k] = engine::computeMonthlyLock(history, months[k], parameters, inner);
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

} // namespace flickdesk::core
