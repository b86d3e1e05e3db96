// Benchmark of Diplomacy Squares scoring: prints figures, asserts nothing.
//
//   bench_squares [--quick]
//
// A made-up tournament of 2,000 players and 10,000 seven-power games (each player about 35 games;
// solos, draws, eliminations, equal centre counts): the engine alone
// (engine::scoreSquaresTournament), and the whole `flickdesk-cli squares` path from CSV text to the
// standings CSV (core::runSystem + core::tableToCsv). Median of 3 runs (5 with --quick's smaller
// tournament of 200 players and 1,000 games).

#include "benchtiming.h"
#include "core/systems/systems.h"
#include "flickdesk/engine/squares.h"

#include <QByteArray>
#include <QString>
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <numeric>
#include <random>
#include <string>
#include <vector>

using namespace flickdesk;
using flickdesk::bench::median;
using flickdesk::bench::secondsSince;
using Clock = std::chrono::steady_clock;

namespace {

// Centres of one board: a solo one game in eight, otherwise 34 centres dealt at random with up to
// 17 per power, and some powers out.
std::vector<int> randomBoard(std::mt19937& random)
{
    std::vector<int> centres(engine::kDiplomacyPowers, 0);
    std::uniform_int_distribution<int> power(0, engine::kDiplomacyPowers - 1);
    std::uniform_int_distribution<int> eighth(0, 7);
    int left = engine::kSupplyCentres;
    if (eighth(random) == 0) {
        centres[static_cast<std::size_t>(power(random))] = 18;
        left -= 18;
    }
    for (; left > 0; --left) {
        const auto p = static_cast<std::size_t>(power(random));
        if (centres[p] < 17)
            ++centres[p];
    }
    return centres;
}

// "p12", "g7": built by appending, as GCC 12 warns falsely (-Wrestrict) on "p" + std::to_string(n).
std::string numbered(char prefix, int number)
{
    std::string text(1, prefix);
    text += std::to_string(number);
    return text;
}

struct Tournament {
    std::vector<engine::SquaresGame> games;
    QByteArray gamesCsv;
    QByteArray playersCsv;
};

Tournament makeTournament(int players, int games)
{
    std::mt19937 random(2026);
    Tournament t;
    t.playersCsv = "player_id,name\n";
    for (int p = 1; p <= players; ++p)
        t.playersCsv += "p" + QByteArray::number(p) + ",Player " + QByteArray::number(p) + '\n';
    t.gamesCsv = "game,round,player_id,power,centres,eliminated_year\n";
    std::vector<int> order(static_cast<std::size_t>(players));
    std::iota(order.begin(), order.end(), 1);
    std::uniform_int_distribution<int> year(1903, 1915);
    const int boardsPerRound = std::max(1, players / engine::kDiplomacyPowers);
    for (int g = 0; g < games; ++g) {
        const int round = g / boardsPerRound + 1;
        const int board = g % boardsPerRound;
        if (board == 0)
            std::shuffle(order.begin(), order.end(), random);
        engine::SquaresGame game;
        game.id = numbered('g', g + 1);
        game.round = round;
        const std::vector<int> centres = randomBoard(random);
        for (int s = 0; s < engine::kDiplomacyPowers; ++s) {
            engine::SquaresSeat seat;
            seat.playerId = numbered('p', order[static_cast<std::size_t>(board * 7 + s)]);
            seat.power = static_cast<engine::DiplomacyPower>(s);
            seat.centres = centres[static_cast<std::size_t>(s)];
            seat.eliminatedYear = seat.centres == 0 ? year(random) : 0;
            t.gamesCsv += QByteArray::fromStdString(game.id) + ',' + QByteArray::number(round) + ',' +
                          QByteArray::fromStdString(seat.playerId) + ',' +
                          QByteArray::fromStdString(std::string(engine::powerName(seat.power))) + ',' +
                          QByteArray::number(seat.centres) + ',' +
                          (seat.eliminatedYear ? QByteArray::number(seat.eliminatedYear) : QByteArray()) +
                          '\n';
            game.seats.push_back(std::move(seat));
        }
        t.games.push_back(std::move(game));
    }
    return t;
}

} // namespace

int main(int argc, char** argv)
{
    const bool quick = argc > 1 && std::string(argv[1]) == "--quick";
    const int players = quick ? 200 : 2000;
    const int games = quick ? 1000 : 10000;
    const int repetitions = quick ? 5 : 3;

    auto start = Clock::now();
    const Tournament t = makeTournament(players, games);
    std::printf("squares: %d players, %d games, %lld bytes of CSV (made in %.3f s)\n", players, games,
                static_cast<long long>(t.gamesCsv.size()), secondsSince(start));

    std::vector<double> engineTimes;
    std::size_t standings = 0;
    for (int i = 0; i < repetitions; ++i) {
        start = Clock::now();
        const engine::SquaresTournament result = engine::scoreSquaresTournament(t.games);
        engineTimes.push_back(secondsSince(start));
        standings = result.standings.size();
    }
    std::printf("  engine::scoreSquaresTournament: median %.4f s (%zu players ranked)\n", median(engineTimes),
                standings);

    core::SystemInput input;
    input.games = t.gamesCsv;
    input.players = t.playersCsv;
    input.hasPlayers = true;
    std::vector<double> wholeTimes;
    std::size_t defects = 0;
    qsizetype bytes = 0;
    for (int i = 0; i < repetitions; ++i) {
        start = Clock::now();
        const core::SystemResult result = core::runSystem(core::SystemKind::Squares, input);
        bytes = core::tableToCsv(result.table).size();
        wholeTimes.push_back(secondsSince(start));
        defects = result.defects.size();
    }
    if (defects != 0) {
        // A run that refused its input measured nothing worth a figure.
        std::fprintf(stderr, "  core::runSystem refused the generated games (%zu defects): no figure\n",
                     defects);
        return 1;
    }
    std::printf(
        "  CSV in, standings CSV out (core::runSystem): median %.4f s (%zu defects, %lld bytes out)\n",
        median(wholeTimes), defects, static_cast<long long>(bytes));
    return 0;
}
