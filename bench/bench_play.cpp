// Benchmark of the day's play (engine/playday.h): prints figures, asserts nothing.
//
//   bench_play [--quick | --window]
//
// A WCC-sized day: 400 singles, 10 random rounds on 120 boards, two pools of 8, semi-finals, final and
// the match for 3rd (makeTemplate(Template::Wcc, 400, 120)), played by the simulator through
// computePlay as a director's entries are. Figures: one random round's draw (the 10th, with 9 rounds
// of history); the standings of the preliminary after one score (groupStandings alone, and the whole
// computePlay the window calls after an entry); the whole day entered a round at a time and one score
// at a time; the whole day entered one score at a time through the window's path (the store checks
// and writes the score in its transaction, the Play tab's session reads the play back from the store
// and computes it), in a database file. Medians of 5 runs (3 with --quick, which skips both days
// entered one score at a time).

#include "benchtiming.h"
#include "core/store/store.h"
#include "flickdesk/engine/playday.h"
#include "flickdesk/engine/playsim.h"

#include <QCoreApplication>
#include <QTemporaryDir>
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <map>
#include <set>
#include <string>
#include <tuple>
#include <vector>

using namespace flickdesk::engine::play;
using flickdesk::bench::median;
using flickdesk::bench::millisecondsSince;
using flickdesk::bench::secondsSince;
using Clock = std::chrono::steady_clock;

namespace {

// The whole day entered one score at a time as the window enters it: Store::recordScore (the store
// computes the play from what is stored to check the entry, then writes it in one transaction), then
// what PlaySession::reload does on the store's change (Store::playInput, computePlay). Shoot-outs are
// recorded where a tie asks for one. Prints the median and slowest score and the whole day.
int windowDay(const Format& format, int unitCount)
{
    using namespace flickdesk;
    QTemporaryDir dir;
    core::StoreOptions options;
    options.path = dir.filePath(QStringLiteral("play.sqlite"));
    core::Store::OpenResult opened = core::Store::open(options);
    if (!opened.store) {
        std::fprintf(stderr, "  bench_play: %s\n", qPrintable(opened.error));
        return 1;
    }
    core::Store& store = *opened.store;
    core::EventDraft draft;
    draft.date = QStringLiteral("2026-07-04");
    draft.name = QStringLiteral("World Crokinole Championship");
    const QString event = store.createEvent(draft);
    core::PlayRatings ratings;
    const std::vector<PlayUnit> sample = sampleUnits(unitCount, 2026);
    for (int i = 1; i <= unitCount; ++i) {
        const QString player = store.addPlayer(QStringLiteral("Player %1").arg(i), {});
        store.addEntrant(event, {player}, core::EntrantStatus::Started);
        ratings[i] = sample[static_cast<std::size_t>(i - 1)].rating;
    }
    store.setPlayFormat(event, format, 2026);

    std::uint64_t random = 2026 ^ 0x5bd1e995ULL;
    std::set<std::tuple<int, int, std::vector<UnitId>>> recorded;
    // The store keeps one shoot-out order per stage and group: each tie broken is added to it.
    std::map<std::pair<int, int>, std::vector<UnitId>> orders;
    // False when this tie was recorded before and is still open: the day cannot go on.
    auto recordShootOut = [&](const UnresolvedTie& tie) {
        std::vector<UnitId> sorted = tie.units;
        std::sort(sorted.begin(), sorted.end());
        if (!recorded.insert({tie.stage, tie.group, sorted}).second)
            return false;
        std::vector<UnitId>& order = orders[{tie.stage, tie.group}];
        std::erase_if(order, [&](const UnitId& unit) {
            return std::binary_search(sorted.begin(), sorted.end(), unit);
        });
        order.insert(order.end(), tie.units.rbegin(), tie.units.rend());
        store.setShootOut(event, ShootOutOrder{tie.stage, tie.group, order});
        return true;
    };
    std::vector<double> perScore;
    std::vector<double> writes;   // Store::recordScore: its check and its transaction
    std::vector<double> reads;    // Store::playInput
    std::vector<double> computes; // computePlay
    const auto start = Clock::now();
    PlayState state = computePlay(store.playInput(event, ratings));
    for (int pass = 0; pass < 100000 && !state.problem; ++pass) {
        bool recordedOne = false;
        bool stuck = false;
        for (const UnresolvedTie& tie : state.blockingTies.empty() && state.waitingGames().empty()
                                            ? state.placeTies
                                            : state.blockingTies) {
            if (!recordShootOut(tie))
                stuck = true;
            recordedOne = true;
        }
        if (stuck)
            break;
        if (recordedOne) {
            state = computePlay(store.playInput(event, ratings));
            continue;
        }
        std::vector<PlayGame> games;
        for (const PlayGame* game : state.waitingGames())
            games.push_back(*game);
        if (games.empty() && state.awaitingStart >= 1) {
            // Issue 28 item 5: the next stage started once the director has checked who goes on.
            store.startPlayStage(event, ratings, state.awaitingStart);
            state = computePlay(store.playInput(event, ratings));
            continue;
        }
        if (games.empty())
            break;
        for (const PlayGame& game : games) {
            const Stage& stage = format.stages[static_cast<std::size_t>(game.key.stage)];
            const Score score = randomScore(stage.settings, stage.kind == StageKind::Playoff,
                                            ratings[std::stoi(game.a)], ratings[std::stoi(game.b)], random);
            const auto scoreStart = Clock::now();
            try {
                store.recordScore(event, ratings, game.key, score);
            } catch (const core::StoreError& error) {
                std::fprintf(stderr, "  bench_play: %s\n", qPrintable(error.message()));
                return 1;
            }
            writes.push_back(millisecondsSince(scoreStart));
            auto partStart = Clock::now();
            const PlayInput input = store.playInput(event, ratings);
            reads.push_back(millisecondsSince(partStart));
            partStart = Clock::now();
            state = computePlay(input);
            computes.push_back(millisecondsSince(partStart));
            perScore.push_back(millisecondsSince(scoreStart));
        }
    }
    const double seconds = secondsSince(start);
    if (!state.placesFinal) {
        std::fprintf(stderr, "  the day through the store did not finish\n");
        return 1;
    }
    std::printf("  the whole day entered one score at a time through the window's path (store check and "
                "write, reload from the store, computePlay): %.2f s; a score median %.2f ms, slowest "
                "%.2f ms (%zu scores, %zu shoot-outs)\n",
                seconds, median(perScore), *std::max_element(perScore.begin(), perScore.end()),
                perScore.size(), recorded.size());
    std::printf(
        "    of a score (medians): the store's check and write %.2f ms, the reload from the store %.2f ms, "
        "computePlay %.2f ms\n",
        median(writes), median(reads), median(computes));
    return 0;
}

} // namespace

int main(int argc, char** argv)
{
    QCoreApplication app(argc, argv);
    const bool quick = argc > 1 && std::string(argv[1]) == "--quick";
    if (argc > 1 && std::string(argv[1]) == "--window") // the window's path alone
        return windowDay(makeTemplate(Template::Wcc, 400, 120), 400);
    const int runs = quick ? 3 : 5;
    constexpr int kUnits = 400;
    constexpr int kBoards = 120;
    const Format format = makeTemplate(Template::Wcc, kUnits, kBoards);
    const std::vector<PlayUnit> units = sampleUnits(kUnits, 2026);
    std::printf("day's play: WCC template, %d units, %d boards, seed 2026\n", kUnits, kBoards);

    // The whole day once, a round at a time: its recorded play feeds the figures below.
    const auto dayStart = Clock::now();
    const SimulatedDay day = simulateDay(format, units, 2026);
    const double daySeconds = secondsSince(dayStart);
    if (!day.state.placesFinal) {
        std::fprintf(stderr, "  the simulated day did not finish: no figures\n");
        return 1;
    }

    // One random round: the 10th of the preliminary, drawn with the 9 before it as its history.
    RoundHistory history;
    const PlayGroup& preliminary = day.state.stages[0].groups[0];
    for (int r = 0; r < 9; ++r) {
        Round round;
        for (const PlayGame& game : preliminary.games)
            if (game.key.round == r)
                round.push_back({game.a, game.b});
        history.rounds.push_back(round);
    }
    std::vector<double> drawTimes;
    int repeats = 0;
    for (int run = 0; run < runs; ++run) {
        const auto start = Clock::now();
        const Round round =
            drawRandomRound(preliminary.units, history, 1000 + static_cast<std::uint64_t>(run));
        drawTimes.push_back(millisecondsSince(start));
        repeats += repeatedMeetings(round, history);
    }
    std::printf("  a random round's draw (round 10 of 400 units, 200 games on 120 boards): median %.2f ms, "
                "%d repeated meetings in %d draws\n",
                median(drawTimes), repeats, runs);

    // One score entered in the last round of the preliminary: the standings again.
    PlayInput input = day.input;
    GameKey last{};
    for (const auto& [key, score] : input.scores)
        if (key.stage == 0)
            last = key;
    const Score lastScore = input.scores.at(last);
    input.scores.erase(last);
    // Every other score of the day stays: the state before the entry is the whole preliminary but one.
    for (auto it = input.scores.begin(); it != input.scores.end();)
        it = it->first.stage > 0 ? input.scores.erase(it) : std::next(it);
    input.shootOuts.clear();
    PlayState before = computePlay(input);
    GroupStandingsInput standingsInput;
    standingsInput.units = preliminary.units;
    for (const PlayGame& game : before.stages[0].groups[0].games)
        if (game.state != GameState::Waiting)
            standingsInput.games.push_back({game.a, game.b, game.score,
                                            game.state == GameState::Bye        ? GameKind::Bye
                                            : game.state == GameState::Walkover ? GameKind::Walkover
                                                                                : GameKind::Played});
    const PlayGame* entered = before.game(last);
    standingsInput.games.push_back({entered->a, entered->b, lastScore, GameKind::Played});
    std::vector<double> standingsTimes;
    std::vector<double> computeTimes;
    for (int run = 0; run < runs; ++run) {
        auto start = Clock::now();
        const Standings standings = groupStandings(standingsInput);
        standingsTimes.push_back(millisecondsSince(start));
        if (standings.rows.size() != static_cast<std::size_t>(kUnits))
            return 1;
        PlayInput after = input;
        start = Clock::now();
        if (entryProblem(after, before, last, lastScore))
            return 1;
        after.scores[last] = lastScore;
        const PlayState state = computePlay(after);
        computeTimes.push_back(millisecondsSince(start));
        if (state.stages.empty())
            return 1;
    }
    std::printf("  standings after one score (%zu games of the preliminary): groupStandings median %.2f ms; "
                "the whole day recomputed (entryProblem + computePlay) median %.2f ms\n",
                standingsInput.games.size(), median(standingsTimes), median(computeTimes));

    // The finished day recomputed from its recorded play (what verify-event does).
    std::vector<double> verifyTimes;
    for (int run = 0; run < runs; ++run) {
        const auto start = Clock::now();
        const PlayState state = computePlay(day.input);
        verifyTimes.push_back(millisecondsSince(start));
        if (!state.placesFinal)
            return 1;
    }
    std::printf("  the finished day recomputed from its play (%zu scores, %zu shoot-outs): median %.2f ms\n",
                day.input.scores.size(), day.input.shootOuts.size(), median(verifyTimes));
    std::printf(
        "  the whole day simulated a round at a time: %.2f s (%d scores, %d shoot-outs, %d computePlay "
        "calls)\n",
        daySeconds, day.scoresEntered, day.shootOutsRecorded, day.computations);
    if (!quick) {
        const auto start = Clock::now();
        const SimulatedDay oneByOne = simulateDay(format, units, 2026, {}, true);
        std::printf("  the whole day simulated one score at a time (computePlay after each, as the window): "
                    "%.2f s (%d computePlay calls)\n",
                    secondsSince(start), oneByOne.computations);
        return windowDay(format, kUnits);
    }
    return 0;
}
