// Benchmark of Field-Weighted Points: prints figures, asserts nothing.
//
//   bench_points [--quick] [HISTORY_DIR]   (default tests/data/nca-history; see bench/README.md)
//
// 1. The history (tests/data/nca-history, or HISTORY_DIR): every monthly lock its Tour events need (DECISIONS
//    P1: one cold FlickSkill run per month over the events before its 1st, spread over worker
//    threads) plus every event's payout table and awards: core::computeTourPoints, as
//    `flickdesk-cli points` runs it. Median of 3 runs (target: under 1 s); also the locks alone,
//    and the same on one thread for comparison.
// 2. One payout table of 500 entrants (singles, and 500 doubles teams): the mean over many
//    repetitions, in microseconds (target: under 1 ms).

#include "benchtiming.h"
#include "core/awards/monthlylocks.h"
#include "core/awards/tourpoints.h"
#include "core/formats/historyreader.h"
#include "flickdesk/engine/monthlylock.h"
#include "flickdesk/engine/points.h"

#include <QCoreApplication>
#include <QDir>
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <random>
#include <set>
#include <thread>
#include <vector>

using namespace flickdesk;
using flickdesk::bench::median;
using flickdesk::bench::secondsSince;
using Clock = std::chrono::steady_clock;

namespace {

void benchmarkTourPoints(const core::HistoryFolder& folder, unsigned threads, int repetitions)
{
    std::vector<double> whole;
    core::TourPoints last;
    for (int i = 0; i < repetitions; ++i) {
        const auto start = Clock::now();
        last = core::computeTourPoints(folder, {}, {}, {}, threads);
        whole.push_back(secondsSince(start));
    }
    if (!last.defects.empty()) {
        std::fprintf(stderr, "the history has %zu defects\n", last.defects.size());
        std::exit(1);
    }

    // The locks alone: the same months, spread over the same workers (core::computeMonthlyLocks).
    std::set<engine::DayNumber> monthSet;
    std::size_t awards = 0;
    for (const core::TourEventPoints& event : last.events) {
        monthSet.insert(event.lockMonth);
        for (const core::UnitAward& unit : event.units)
            awards += unit.players.size();
    }
    const std::vector<engine::DayNumber> months(monthSet.begin(), monthSet.end());
    std::vector<double> locksOnly;
    for (int i = 0; i < repetitions; ++i) {
        const auto start = Clock::now();
        const std::vector<engine::MonthlyLock> locks =
            core::computeMonthlyLocks(folder.history, months, {}, {}, last.threads);
        locksOnly.push_back(secondsSince(start));
    }
    int iterations = 0;
    for (const engine::MonthlyLock& lock : last.locks)
        iterations += lock.iterations;

    std::printf("Tour points, %u thread%s: %zu monthly locks + %zu events (%zu awards): %7.1f ms "
                "(median of %d; min %.1f); locks alone %7.1f ms; %d sweeps in all locks\n",
                last.threads, last.threads == 1 ? "" : "s", last.locks.size(), last.events.size(), awards,
                1000.0 * median(whole), repetitions, 1000.0 * *std::min_element(whole.begin(), whole.end()),
                1000.0 * median(locksOnly), iterations);
}

void benchmarkPayout(engine::EventFormat format, int units, int repetitions)
{
    std::mt19937_64 rng(20260521);
    std::normal_distribution<double> skill(1.0, 1.5);
    std::vector<double> ratings;
    std::vector<engine::PartnerRatings> teams;
    for (int i = 0; i < units; ++i) {
        ratings.push_back(skill(rng));
        teams.emplace_back(skill(rng), skill(rng));
    }
    const bool doubles = format == engine::EventFormat::Doubles;
    double checksum = 0.0; // keeps the tables from being optimised away
    const auto start = Clock::now();
    for (int i = 0; i < repetitions; ++i) {
        const engine::PayoutTable table =
            doubles ? engine::computePayoutTable(engine::Tier::One, teams)
                    : engine::computePayoutTable(format, engine::Tier::One, ratings);
        checksum += table.awards.back() + table.fieldStrengthIndex;
    }
    const double seconds = secondsSince(start);
    std::printf("payout table of %d %s: %8.2f us per table (mean of %d; checksum %.1f)\n", units,
                doubles ? "doubles teams" : "singles entrants", 1e6 * seconds / repetitions, repetitions,
                checksum);
}

} // namespace

int main(int argc, char** argv)
{
    QCoreApplication app(argc, argv);
    const bool quick = app.arguments().contains(QStringLiteral("--quick"));
    const QString nca = flickdesk::bench::historyDirArgument(app.arguments().mid(1));

    std::printf("Field-Weighted Points benchmark (%u hardware threads)\n",
                std::max(1u, std::thread::hardware_concurrency()));
    const auto read = Clock::now();
    const core::HistoryFolder folder = core::readHistoryFolder(nca);
    std::printf("reading the history: %.1f ms (not included below)\n", 1000.0 * secondsSince(read));
    if (!folder.defects.empty()) {
        std::fprintf(stderr, "%s has %zu defects\n", qPrintable(nca), folder.defects.size());
        return 1;
    }
    benchmarkTourPoints(folder, 0, 3); // one thread per core, as flickdesk-cli points does
    if (!quick)
        benchmarkTourPoints(folder, 1, 1);
    benchmarkPayout(engine::EventFormat::Singles, 500, quick ? 2000 : 20000);
    benchmarkPayout(engine::EventFormat::Doubles, 500, quick ? 2000 : 20000);
    return 0;
}
