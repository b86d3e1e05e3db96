// Benchmark of the day's play (engine/playday.h): prints figures, asserts nothing.
//
//   bench_play [--quick]
//
// A WCC-sized day: 400 singles, 10 random rounds on 120 boards, two pools of 8, semi-finals, final and
// the match for 3rd (makeTemplate(Template::Wcc, 400, 120)), played by the simulator through
// computePlay as a director's entries are. Figures: one random round's draw (the 10th, with 9 rounds
// of history); the standings of the preliminary after one score (groupStandings alone, and the whole
// computePlay the window calls after an entry); the whole day entered a round at a time and one score
// at a time. Medians of 5 runs (3 with --quick, which skips the day entered one score at a time).

#include "benchtiming.h"
#include "flickdesk/engine/playday.h"
#include "flickdesk/engine/playsim.h"

#include <chrono>
#include <cstdio>
#include <string>
#include <vector>

using namespace flickdesk::engine::play;
using flickdesk::bench::median;
using flickdesk::bench::millisecondsSince;
using flickdesk::bench::secondsSince;
using Clock = std::chrono::steady_clock;

int main(int argc, char** argv)
{
    const bool quick = argc > 1 && std::string(argv[1]) == "--quick";
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
    }
    return 0;
}
