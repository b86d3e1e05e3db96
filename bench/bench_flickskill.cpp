// Benchmark of the FlickSkill engine: prints whole-run seconds and peak memory. Asserts nothing.
//
//   bench_flickskill [--quick] [HISTORY_DIR]   (default tests/data/nca-history; see bench/README.md)
//
// 1. The NCA history (tests/data/nca-history, or HISTORY_DIR), read from its files and rated with the spec's
//    schedule (DECISIONS N5: epsilon 0.001, at most 50 sweeps); median of several runs.
// 2. The same history rated to the fixed point (epsilon 1e-9, at most 2000 sweeps).
// 3. A synthetic history of 1,000,000 player-appearances: 50,000 players in 10 regions,
//    20,000 singles events of 50 entrants over ten years, results drawn from hidden skills that
//    drift; rated with the spec's schedule until converged. (--quick: a tenth of it.)
// Peak memory is the process's resident high-water mark during each scenario (Linux VmHWM, reset
// between scenarios through /proc/self/clear_refs).

#include "benchtiming.h"
#include "core/formats/historyreader.h"
#include "flickdesk/engine/flickskill.h"

#include <QCoreApplication>
#include <QDir>
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <fstream>
#include <random>
#include <string>
#include <thread>
#include <vector>

using namespace flickdesk;
using flickdesk::bench::secondsSince;
using Clock = std::chrono::steady_clock;

namespace {

long residentHighWaterKiB()
{
    std::ifstream status("/proc/self/status");
    std::string line;
    while (std::getline(status, line)) {
        if (line.rfind("VmHWM:", 0) == 0)
            return std::stol(line.substr(6));
    }
    return -1;
}

void resetHighWater()
{
    std::ofstream("/proc/self/clear_refs") << "5";
}

struct Run {
    double readSeconds = 0.0;
    double rateSeconds = 0.0;
    engine::FlickSkillResult result;
};

Run rateFolder(const QString& dir, const engine::FlickSkillParameters& parameters)
{
    Run run;
    const auto start = Clock::now();
    const core::HistoryFolder folder = core::readHistoryFolder(dir);
    run.readSeconds = secondsSince(start);
    if (!folder.defects.empty()) {
        std::fprintf(stderr, "%s has %zu defects\n", qPrintable(dir), folder.defects.size());
        std::exit(1);
    }
    const auto rate = Clock::now();
    run.result = engine::rateHistory(folder.history, parameters);
    run.rateSeconds = secondsSince(rate);
    return run;
}

void benchmarkFolder(const char* title, const QString& dir, const engine::FlickSkillParameters& parameters,
                     int repetitions)
{
    resetHighWater();
    std::vector<double> whole;
    std::vector<double> rating;
    Run last;
    for (int i = 0; i < repetitions; ++i) {
        last = rateFolder(dir, parameters);
        whole.push_back(last.readSeconds + last.rateSeconds);
        rating.push_back(last.rateSeconds);
    }
    std::sort(whole.begin(), whole.end());
    std::sort(rating.begin(), rating.end());
    std::printf("%-34s whole run %8.1f ms (median of %d; min %.1f)  rating alone %8.1f ms  "
                "sweeps %3d  step %.2e  peak memory %6.1f MiB\n",
                title, 1000.0 * whole[whole.size() / 2], repetitions, 1000.0 * whole.front(),
                1000.0 * rating[rating.size() / 2], last.result.iterations, last.result.lastStep,
                residentHighWaterKiB() / 1024.0);
}

// Players belong to regions and mostly play there; each event draws 50 entrants, ranks them by a
// noisy performance of a hidden skill that drifts over the ten years.
engine::RatingHistory syntheticHistory(int players, int events, int field, unsigned seed)
{
    std::mt19937_64 rng(seed);
    std::normal_distribution<double> normal(0.0, 1.0);
    std::uniform_real_distribution<double> uniform(0.0, 1.0);
    constexpr int regions = 10;
    constexpr int days = 3650;
    const int perRegion = players / regions;
    std::vector<double> skill(static_cast<std::size_t>(players));
    for (double& s : skill)
        s = 1.5 * normal(rng);

    engine::RatingHistory history;
    history.playerIds.reserve(static_cast<std::size_t>(players));
    for (int p = 0; p < players; ++p)
        history.playerIds.push_back(std::to_string(100000 + p));
    history.events.resize(static_cast<std::size_t>(events));
    std::vector<int> chosen;
    std::vector<char> taken(static_cast<std::size_t>(players), 0);
    std::vector<std::pair<double, int>> performance;
    for (int e = 0; e < events; ++e) {
        engine::Event& event = history.events[static_cast<std::size_t>(e)];
        event.id = std::to_string(e + 1);
        event.date = 16950 + static_cast<int>(static_cast<long long>(e) * days / events);
        const int region = static_cast<int>(uniform(rng) * regions);
        chosen.clear();
        while (static_cast<int>(chosen.size()) < field) {
            const int p = uniform(rng) < 0.9 ? region * perRegion + static_cast<int>(uniform(rng) * perRegion)
                                             : static_cast<int>(uniform(rng) * players);
            if (!taken[static_cast<std::size_t>(p)]) {
                taken[static_cast<std::size_t>(p)] = 1;
                chosen.push_back(p);
            }
        }
        performance.clear();
        for (int p : chosen) {
            taken[static_cast<std::size_t>(p)] = 0;
            skill[static_cast<std::size_t>(p)] += 0.02 * normal(rng);
            performance.emplace_back(skill[static_cast<std::size_t>(p)] + normal(rng), p);
        }
        std::sort(performance.begin(), performance.end(), std::greater<>());
        event.standings.resize(static_cast<std::size_t>(field));
        for (int i = 0; i < field; ++i) {
            event.standings[static_cast<std::size_t>(i)].place = i + 1;
            event.standings[static_cast<std::size_t>(i)].unit.players = {
                performance[static_cast<std::size_t>(i)].second};
        }
    }
    return history;
}

void benchmarkSynthetic(int players, int events, int field)
{
    const auto build = Clock::now();
    const engine::RatingHistory history = syntheticHistory(players, events, field, 20260521);
    const double buildSeconds = secondsSince(build);
    resetHighWater();
    const long baseline = residentHighWaterKiB();
    const auto start = Clock::now();
    const engine::FlickSkillResult result = engine::rateHistory(history);
    const double seconds = secondsSince(start);
    const long peak = residentHighWaterKiB();
    std::printf("synthetic %d appearances (%d players, %d events of %d): rated in %.2f s, %d sweeps, "
                "step %.2e, converged %s; peak memory %.1f MiB (history itself %.1f MiB; built in %.2f s)\n",
                events * field, players, events, field, seconds, result.iterations, result.lastStep,
                result.converged ? "yes" : "no", peak / 1024.0, baseline / 1024.0, buildSeconds);
}

} // namespace

int main(int argc, char** argv)
{
    QCoreApplication app(argc, argv);
    const bool quick = app.arguments().contains(QStringLiteral("--quick"));
    const QString nca = flickdesk::bench::historyDirArgument(app.arguments().mid(1));

    std::printf("FlickSkill benchmark (%u hardware threads; the engine runs on one)\n",
                std::max(1u, std::thread::hardware_concurrency()));
    engine::FlickSkillParameters schedule; // N5: epsilon 0.001, 50 sweeps
    benchmarkFolder("history, spec schedule", nca, schedule, quick ? 3 : 9);
    engine::FlickSkillParameters tight;
    tight.epsilon = 1e-9;
    tight.maxIterations = 2000;
    benchmarkFolder("history, to the fixed point", nca, tight, quick ? 1 : 3);
    if (quick)
        benchmarkSynthetic(5000, 2000, 50);
    else
        benchmarkSynthetic(50000, 20000, 50);
    return 0;
}
