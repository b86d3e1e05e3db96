// Benchmark of Kings Cribbage ratings: prints figures, asserts nothing.
//
//   bench_kings [--quick]
//
// 1,000,000 head-to-head games and 200,000 group games (3-4 players) over 20,000 players, made up
// with a fixed seed: once through the engine alone (engine::kings::rateGames) and once through
// core::runKingsSystem, as `flickdesk-cli kc` runs it (reading the CSV, rating, building the tables).
// --quick divides the numbers of games by 10.

#include "benchtiming.h"
#include "core/systems/systems.h"
#include "flickdesk/engine/history.h"
#include "flickdesk/engine/kingscribbage.h"

#include <QByteArray>
#include <QCoreApplication>
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstring>
#include <random>
#include <string>
#include <vector>

using namespace flickdesk;
using flickdesk::bench::secondsSince;
using Clock = std::chrono::steady_clock;

namespace {

struct Workload {
    std::vector<engine::kings::Game> games;
    QByteArray csv;
};

Workload makeWorkload(int players, int headToHead, int group)
{
    std::mt19937 random(2026);
    std::uniform_int_distribution<int> player(0, players - 1);
    std::uniform_int_distribution<int> loserScore(0, 120);
    std::uniform_int_distribution<int> groupSize(3, 4);
    std::uniform_int_distribution<int> groupKind(0, headToHead + group - 1);
    Workload work;
    work.games.reserve(static_cast<std::size_t>(headToHead + group));
    work.csv.reserve((headToHead + group) * 60);
    work.csv += "game,date,player1,score1,player2,score2,player3,score3,player4,score4\n";
    int headToHeadLeft = headToHead;
    int groupLeft = group;
    for (int g = 0; headToHeadLeft + groupLeft > 0; ++g) {
        // Interleave the two kinds in proportion; one date per 1000 games.
        const bool isGroup = groupLeft > 0 && (headToHeadLeft == 0 || groupKind(random) < group);
        const int n = isGroup ? groupSize(random) : 2;
        (isGroup ? groupLeft : headToHeadLeft) -= 1;
        engine::kings::Game game;
        game.id = std::to_string(g);
        game.id.insert(game.id.begin(), 'g');
        game.date = 20000 + g / 1000;
        while (static_cast<int>(game.seats.size()) < n) {
            const int p = player(random);
            if (std::find(game.seats.begin(), game.seats.end(), p) == game.seats.end())
                game.seats.push_back(p);
        }
        // One winner with 121, the others different scores below it.
        std::vector<int> scores{121};
        while (static_cast<int>(scores.size()) < n) {
            const int s = loserScore(random);
            if (std::find(scores.begin(), scores.end(), s) == scores.end())
                scores.push_back(s);
        }
        std::shuffle(scores.begin(), scores.end(), random);
        game.scores = scores;
        work.csv += QByteArray::fromStdString(game.id) + ',' +
                    QByteArray::fromStdString(engine::formatIsoDate(game.date));
        for (int seat = 0; seat < 4; ++seat) {
            if (seat < n)
                work.csv += ",p" + QByteArray::number(game.seats[static_cast<std::size_t>(seat)]) + ',' +
                            QByteArray::number(game.scores[static_cast<std::size_t>(seat)]);
            else
                work.csv += ",,";
        }
        work.csv += '\n';
        work.games.push_back(std::move(game));
    }
    return work;
}

} // namespace

int main(int argc, char** argv)
{
    QCoreApplication app(argc, argv);
    const bool quick = argc > 1 && std::strcmp(argv[1], "--quick") == 0;
    const int players = 20000;
    const int headToHead = quick ? 100000 : 1000000;
    const int group = quick ? 20000 : 200000;

    auto start = Clock::now();
    const Workload work = makeWorkload(players, headToHead, group);
    std::printf("made %d head-to-head + %d group games over %d players (%.1f MB of CSV) in %.2f s\n",
                headToHead, group, players, static_cast<double>(work.csv.size()) / 1e6, secondsSince(start));

    start = Clock::now();
    const engine::kings::KingsResult engineResult =
        engine::kings::rateGames(std::vector<engine::kings::PlayerState>(players), work.games);
    const double engineSeconds = secondsSince(start);
    if (!engineResult.defects.empty()) {
        // A run that refused its input measured nothing worth a figure.
        std::fprintf(stderr,
                     "rateGames refused the generated games (%zu defects, the first: %s): no figure\n",
                     engineResult.defects.size(), engine::describe(engineResult.defects.front()).c_str());
        return 1;
    }
    std::printf("engine alone (rateGames):          %.3f s, %.0f ns per game, %zu defects\n", engineSeconds,
                engineSeconds * 1e9 / static_cast<double>(work.games.size()), engineResult.defects.size());

    core::SystemInput input;
    input.games = work.csv;
    start = Clock::now();
    const core::SystemResult result = core::runKingsSystem(input, core::SystemKind::Kings);
    const double systemSeconds = secondsSince(start);
    if (!result.defects.empty()) {
        std::fprintf(stderr,
                     "runKingsSystem refused the generated CSV (%zu defects, the first: %s): no figure\n",
                     result.defects.size(), engine::describe(result.defects.front()).c_str());
        return 1;
    }
    std::printf(
        "runKingsSystem (read, rate, tables): %.3f s, %lld ratings rows, %lld history rows, %zu defects\n",
        systemSeconds, static_cast<long long>(result.table.rows.size()),
        static_cast<long long>(result.history.rows.size()), result.defects.size());

    start = Clock::now();
    const QByteArray csv = core::tableToCsv(result.table);
    std::printf("tableToCsv of the ratings:          %.3f s (%lld bytes)\n", secondsSince(start),
                static_cast<long long>(csv.size()));
    return 0;
}
