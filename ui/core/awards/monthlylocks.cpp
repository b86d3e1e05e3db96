#include "core/awards/monthlylocks.h"

#include <algorithm>
#include <atomic>
#include <condition_variable>
#include <deque>
#include <exception>
#include <mutex>
#include <numeric>
#include <optional>
#include <thread>

#ifdef __GLIBC__
#include <malloc.h>
#endif
#ifdef __linux__
#include <sys/resource.h>
#include <sys/syscall.h>
#include <unistd.h>
#endif

namespace flickdesk::core {

namespace {

std::atomic<bool> workersYield{false};

// The calling thread below the others of its process (Linux: a thread's own nice value).
void yieldToOtherThreads()
{
#ifdef __linux__
    setpriority(PRIO_PROCESS, static_cast<id_t>(syscall(SYS_gettid)), kLockWorkerNice);
#endif
}

} // namespace

void setLockWorkersYield(bool yield)
{
    workersYield = yield;
}

std::vector<engine::MonthlyLock> computeMonthlyLocks(const engine::RatingHistory& history,
                                                     std::span<const engine::DayNumber> months,
                                                     const engine::FlickSkillParameters& parameters,
                                                     const engine::FlickSkillRunControl& control,
                                                     unsigned threads, const FinishedLock& finished,
                                                     std::size_t largeRun)
{
    engine::requireRatable(history);

    std::vector<engine::MonthlyLock> locks(months.size());
    if (months.empty())
        return locks;

    // By size, largest first.
    std::vector<std::size_t> order(months.size());
    std::iota(order.begin(), order.end(), std::size_t{0});
    std::sort(order.begin(), order.end(),
              [&](std::size_t a, std::size_t b) { return months[a] > months[b]; });
    // Memory as well as time for a caller that keeps little of each lock, on a large history
    // (monthlylocks.h): there, large runs keep company with small ones.
    std::size_t largestRun = 0;
    if (finished) {
        for (const engine::Event& event : history.events) {
            if (event.date < months[order.front()])
                largestRun += event.ratedUnits();
        }
    }
    const bool large = largestRun > largeRun;

    if (threads == 0)
        threads = std::max(1u, std::thread::hardware_concurrency());
    threads = std::min<unsigned>(threads, static_cast<unsigned>(months.size()));

    const auto isCancelled = [&control] {
        return control.cancel != nullptr && control.cancel->isCancelled();
    };
    std::size_t front = 0;           // the largest run not yet taken (guarded by `mutex`)
    std::size_t back = order.size(); // after the smallest one
    std::atomic<bool> stop{false};   // a worker or `finished` failed: no worker starts another lock
    std::mutex mutex;                // guards what follows, and the progress reports
    std::condition_variable changed;
    int finishedCount = 0;
    std::deque<std::size_t> ready; // finished locks not yet handed to `finished`
    unsigned running = 0;
    std::exception_ptr failure;
    // Each lock's run polls the cancel flag; its own sweeps are not reported, only finished locks,
    // except for one month alone (MonthLocks::compute): its sweeps are the whole run's progress.
    const bool one = months.size() == 1;
    engine::FlickSkillRunControl inner;
    inner.cancel = control.cancel;
    if (one)
        inner.onProgress = control.onProgress;
    const auto take = [&](bool largest) -> std::optional<std::size_t> {
        std::lock_guard<std::mutex> guard(mutex);
        if (front == back)
            return std::nullopt;
        return largest ? order[front++] : order[--back];
    };
    const bool yield = workersYield;
    auto work = [&](unsigned worker) {
        if (yield && finished) // the workers of a caller that stores each lock as it is done
            yieldToOtherThreads();
        try {
            const bool largestFirst = !large || worker % 2 == 0;
            for (std::optional<std::size_t> next = take(largestFirst); next; next = take(largestFirst)) {
                if (stop || isCancelled())
                    break;
                const std::size_t k = *next;
                engine::MonthlyLock lock = engine::computeMonthlyLock(history, months[k], parameters, inner);
                if (isCancelled())
                    break; // not a result
                std::lock_guard<std::mutex> guard(mutex);
                locks[k] = std::move(lock);
                ++finishedCount;
                if (finished)
                    ready.push_back(k);
                if (control.onProgress && !one)
                    control.onProgress({finishedCount, static_cast<int>(order.size()), 0.0});
                changed.notify_one();
            }
        } catch (...) {
            std::lock_guard<std::mutex> guard(mutex);
            if (!failure)
                failure = std::current_exception();
            stop = true;
        }
        std::lock_guard<std::mutex> guard(mutex);
        --running;
        changed.notify_one();
    };

    std::vector<std::thread> workers;
    // Without `finished` the calling thread is a worker too; with it, it hands the locks over.
    running = threads;
    for (unsigned t = finished ? 0 : 1; t < threads; ++t)
        workers.emplace_back(work, t);
    if (!finished) {
        work(0);
    } else {
        std::unique_lock<std::mutex> lock(mutex);
        for (;;) {
            changed.wait(lock, [&] { return !ready.empty() || running == 0; });
            if (ready.empty())
                break;
            const std::size_t k = ready.front();
            ready.pop_front();
            if (stop)
                continue; // a failure is thrown below; nothing more is handed over
            lock.unlock();
            try {
                finished(k, locks[k]); // the workers write other elements only
#ifdef __GLIBC__
                if (large) {
                    // What the runs and the hand-over freed goes back to the system (monthlylocks.h).
                    // At a million finishes the first `points` peaked at 614 MiB without it, 461 MiB
                    // with it.
                    malloc_trim(0);
                }
#endif
            } catch (...) {
                lock.lock();
                if (!failure)
                    failure = std::current_exception();
                stop = true;
                continue;
            }
            lock.lock();
        }
    }
    for (std::thread& t : workers)
        t.join();
    if (failure)
        std::rethrow_exception(failure);
    if (isCancelled())
        return {};
    return locks;
}

} // namespace flickdesk::core
