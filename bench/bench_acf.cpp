// Benchmark of ACF checkers ratings: prints figures, asserts nothing.
//
//   bench_acf [--quick]
//
// A synthetic federation of 10,000 players (70% rated to start), 2,000 events of 24 players each,
// alternately four-game rounds scored by round (5 rounds) and two-game rounds scored by game (10
// rounds): about 480,000 games. Measured, median of 3 runs:
//   1. core::runAcfSystem: reading both CSV texts, checking them, rating, building both tables (what
//      `flickdesk-cli acf` does apart from reading and writing files), and tableToCsv;
//   2. engine::rateAcf alone on the same history, at a quarter, half and all of the events, to show
//      the time per game stays flat (the engine is linear in games).
// --quick uses a tenth of the players and events.

#include "benchtiming.h"
#include "core/systems/systems.h"
#include "flickdesk/engine/acf.h"

#include <QByteArray>
#include <QCoreApplication>
#include <QString>
#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <random>
#include <string>
#include <vector>

using namespace flickdesk;
using flickdesk::bench::median;
using flickdesk::bench::secondsSince;
using Clock = std::chrono::steady_clock;

namespace {

struct Federation {
    QByteArray playersCsv;
    QByteArray gamesCsv;
    engine::AcfHistory history;
    std::size_t games = 0;
};

Federation makeFederation(int playerCount, int eventCount)
{
    constexpr int kEntrants = 24;
    std::mt19937 random(1001);
    std::normal_distribution<double> strength(1600.0, 250.0);
    std::uniform_int_distribution<int> games(0, 400);
    std::uniform_real_distribution<double> unit(0.0, 1.0);

    Federation federation;
    engine::AcfHistory& history = federation.history;
    std::vector<double> skill(static_cast<std::size_t>(playerCount));
    federation.playersCsv = "player_id,name,rating,games,peak,rounds\n";
    for (int i = 0; i < playerCount; ++i) {
        const std::string id = std::to_string(10000 + i);
        skill[static_cast<std::size_t>(i)] = std::clamp(strength(random), 700.0, 2600.0);
        engine::AcfRecord start;
        std::string line = id + ",Player " + id + ",";
        if (unit(random) < 0.7) {
            start.rated = true;
            start.rating = std::round(skill[static_cast<std::size_t>(i)]);
            start.games = games(random);
            start.rounds = start.games / 3;
            start.peak = start.rating + 20.0;
            line += std::to_string(static_cast<int>(start.rating)) + "," + std::to_string(start.games) + "," +
                    std::to_string(static_cast<int>(start.peak)) + "," + std::to_string(start.rounds);
        } else {
            line += ",,,";
        }
        federation.playersCsv.append(line.c_str()).append('\n');
        history.playerIds.push_back(id);
        history.start.push_back(start);
    }

    federation.gamesCsv = "event,date,scoring,round,player_a,player_b,result\n";
    std::vector<engine::PlayerIndex> everyone(static_cast<std::size_t>(playerCount));
    for (int i = 0; i < playerCount; ++i)
        everyone[static_cast<std::size_t>(i)] = i;
    std::string rows;
    for (int e = 0; e < eventCount; ++e) {
        engine::AcfEvent event;
        event.id = "Event " + std::to_string(e + 1);
        event.date = engine::toDayNumber({2000, 1, 1}) + e * 3;
        event.scoring = e % 2 == 0 ? engine::AcfScoring::ByRound : engine::AcfScoring::ByGame;
        const std::string head = event.id + "," + engine::formatIsoDate(event.date) + "," +
                                 (event.scoring == engine::AcfScoring::ByRound ? "round," : "game,");
        const int roundCount = event.scoring == engine::AcfScoring::ByRound ? 5 : 10;
        const int gamesPerPairing = engine::acfGamesPerRound(event.scoring);
        std::vector<engine::PlayerIndex> entrants(kEntrants);
        std::sample(everyone.begin(), everyone.end(), entrants.begin(), kEntrants, random);
        for (int r = 1; r <= roundCount; ++r) {
            std::shuffle(entrants.begin(), entrants.end(), random);
            for (int k = 0; k < kEntrants; k += 2) {
                engine::AcfRound round;
                round.number = r;
                round.a = entrants[static_cast<std::size_t>(k)];
                round.b = entrants[static_cast<std::size_t>(k + 1)];
                const double edge = 1.0 / (1.0 + std::pow(10.0, (skill[static_cast<std::size_t>(round.b)] -
                                                                 skill[static_cast<std::size_t>(round.a)]) /
                                                                    400.0));
                for (int g = 0; g < gamesPerPairing; ++g) {
                    // Checkers is drawish: half the games are drawn, the rest go by strength.
                    const double draw = unit(random);
                    const engine::GameOutcome outcome =
                        draw < 0.5
                            ? engine::GameOutcome::Draw
                            : (unit(random) < edge ? engine::GameOutcome::WinA : engine::GameOutcome::WinB);
                    round.games.push_back(outcome);
                    rows += head + std::to_string(r) + "," +
                            history.playerIds[static_cast<std::size_t>(round.a)] + "," +
                            history.playerIds[static_cast<std::size_t>(round.b)] + "," +
                            (outcome == engine::GameOutcome::Draw   ? "1/2-1/2\n"
                             : outcome == engine::GameOutcome::WinA ? "1-0\n"
                                                                    : "0-1\n");
                    ++federation.games;
                }
                event.rounds.push_back(std::move(round));
            }
        }
        history.events.push_back(std::move(event));
    }
    federation.gamesCsv.append(rows.data(), static_cast<qsizetype>(rows.size()));
    return federation;
}

} // namespace

int main(int argc, char** argv)
{
    QCoreApplication app(argc, argv);
    const bool quick = app.arguments().contains(QStringLiteral("--quick"));
    const int players = quick ? 1000 : 10000;
    const int events = quick ? 200 : 2000;
    constexpr int kRuns = 3;

    const auto madeAt = Clock::now();
    const Federation federation = makeFederation(players, events);
    std::printf("ACF: %d players, %d events, %zu games, CSV %.1f MB (made in %.2f s)\n", players, events,
                federation.games, static_cast<double>(federation.gamesCsv.size()) / 1e6,
                secondsSince(madeAt));

    core::SystemInput input;
    input.players = federation.playersCsv;
    input.hasPlayers = true;
    input.games = federation.gamesCsv;
    std::vector<double> whole;
    std::vector<double> toCsv;
    core::SystemResult result;
    for (int i = 0; i < kRuns; ++i) {
        auto start = Clock::now();
        result = core::runAcfSystem(input);
        whole.push_back(secondsSince(start));
        start = Clock::now();
        const QByteArray csv = core::tableToCsv(result.table);
        toCsv.push_back(secondsSince(start));
        if (csv.isEmpty())
            return 1;
    }
    if (!result.defects.empty()) {
        std::fprintf(stderr, "the synthetic input has %zu defects, the first: %s\n", result.defects.size(),
                     engine::describe(result.defects.front()).c_str());
        return 1;
    }
    std::printf("  runAcfSystem (read, check, rate, tables): %.3f s median of %d (%.0f ns per game); "
                "%lld rating rows, %lld history rows\n",
                median(whole), kRuns, median(whole) * 1e9 / static_cast<double>(federation.games),
                static_cast<long long>(result.table.rows.size()),
                static_cast<long long>(result.history.rows.size()));
    std::printf("  tableToCsv of the ratings: %.4f s median\n", median(toCsv));

    for (const int share : {4, 2, 1}) {
        engine::AcfHistory part = federation.history;
        part.events.resize(federation.history.events.size() / static_cast<std::size_t>(share));
        std::size_t games = 0;
        for (const engine::AcfEvent& event : part.events) {
            for (const engine::AcfRound& round : event.rounds)
                games += round.games.size();
        }
        std::vector<double> times;
        std::size_t lines = 0;
        for (int i = 0; i < kRuns; ++i) {
            const auto start = Clock::now();
            const engine::AcfResult rated = engine::rateAcf(part);
            times.push_back(secondsSince(start));
            lines = rated.lines.size();
        }
        std::printf("  engine::rateAcf, %zu events, %zu games: %.4f s median of %d (%.1f ns per game, "
                    "%zu event lines)\n",
                    part.events.size(), games, median(times), kRuns,
                    median(times) * 1e9 / static_cast<double>(games), lines);
    }
    return 0;
}
