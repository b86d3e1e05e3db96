#include "flickdesk/engine/playsim.h"

#include "flickdesk/engine/boarddraw.h"

#include <algorithm>
#include <cmath>
#include <set>
#include <tuple>
#include <unordered_map>

namespace flickdesk::engine::play {

namespace {

// A uniform number in [0, 1) from the simulator's stream.
double uniform(std::uint64_t& state)
{
    SplitMix64 random(state);
    const std::uint64_t value = random.next();
    state = value;
    return static_cast<double>(value >> 11) * (1.0 / 9007199254740992.0);
}

int below(std::uint64_t& state, int bound)
{
    return static_cast<int>(uniform(state) * bound);
}

// One round: +2 to the winner, 1 each when level. The stronger unit wins a round more often (an Elo
// curve on the two ratings); one round in six is level.
void playRound(double ra, double rb, std::uint64_t& state, int& a, int& b, int& ta, int& tb)
{
    const double winA = 1.0 / (1.0 + std::pow(10.0, (rb - ra) / 400.0));
    const double u = uniform(state);
    constexpr double kLevel = 1.0 / 6.0;
    if (u < kLevel) {
        ++a;
        ++b;
    } else if (u < kLevel + (1 - kLevel) * winA) {
        a += 2;
    } else {
        b += 2;
    }
    ta += below(state, 3) + (ra > 1600 ? below(state, 2) : 0);
    tb += below(state, 3) + (rb > 1600 ? below(state, 2) : 0);
}

} // namespace

Score randomScore(const StageSettings& settings, bool playoff, double ra, double rb, std::uint64_t& state)
{
    Score score;
    if (playoff && settings.match == MatchKind::FirstTo) {
        while (std::max(score.pointsA, score.pointsB) < settings.firstTo || score.pointsA == score.pointsB)
            playRound(ra, rb, state, score.pointsA, score.pointsB, score.twentiesA, score.twentiesB);
        return score;
    }
    for (int r = 0; r < settings.roundsPerGame; ++r)
        playRound(ra, rb, state, score.pointsA, score.pointsB, score.twentiesA, score.twentiesB);
    if (playoff && score.pointsA == score.pointsB) {
        if (settings.level == LevelPlayoffGame::TwentiesShootOut) {
            score.shootOutWinner = below(state, 2) == 0 ? Side::A : Side::B;
        } else {
            // DECISIONS G5: extra rounds until one side wins a round.
            while (score.pointsA == score.pointsB)
                playRound(ra, rb, state, score.pointsA, score.pointsB, score.twentiesA, score.twentiesB);
        }
    }
    return score;
}

std::vector<PlayUnit> sampleUnits(int count, std::uint64_t seed)
{
    std::vector<PlayUnit> units;
    std::uint64_t state = seed;
    for (int i = 1; i <= count; ++i) {
        const double rating = std::round(1200.0 + 800.0 * uniform(state));
        // Appended: GCC 12 warns falsely (-Wrestrict) on "u" + std::to_string(i).
        std::string id(1, 'u');
        id += std::to_string(i);
        std::string name = "Player ";
        name += std::to_string(i);
        units.push_back({id, name, rating});
    }
    return units;
}

SimulatedDay simulateDay(const Format& format, const std::vector<PlayUnit>& units, std::uint64_t seed,
                         const std::vector<Withdrawal>& withdrawals, bool everyScore)
{
    SimulatedDay day;
    day.input.format = format;
    day.input.units = units;
    day.input.seed = seed;
    // A withdrawal holds from its stage and round on whenever it is recorded: the play before it
    // is the same.
    day.input.withdrawals = withdrawals;
    std::unordered_map<UnitId, double> ratingOf;
    for (const PlayUnit& unit : units)
        ratingOf[unit.id] = unit.rating;
    std::uint64_t random = seed ^ 0x5bd1e995ULL;
    std::set<std::tuple<int, int, std::vector<UnitId>>> recorded;
    // False when this tie was recorded before and is still open: the day cannot go on.
    auto recordShootOut = [&](const UnresolvedTie& tie) {
        std::vector<UnitId> sorted = tie.units;
        std::sort(sorted.begin(), sorted.end());
        if (!recorded.insert({tie.stage, tie.group, sorted}).second)
            return false;
        ShootOutOrder order{tie.stage, tie.group, tie.units};
        for (std::size_t i = order.order.size(); i > 1; --i)
            std::swap(order.order[i - 1],
                      order.order[static_cast<std::size_t>(below(random, static_cast<int>(i)))]);
        day.input.shootOuts.push_back(std::move(order));
        ++day.shootOutsRecorded;
        return true;
    };
    // Bounded: every pass enters a score or records a shoot-out, or stops.
    for (int pass = 0; pass < 1000000; ++pass) {
        day.state = computePlay(day.input);
        ++day.computations;
        if (day.state.problem)
            return day;
        if (!day.state.blockingTies.empty()) {
            for (const UnresolvedTie& tie : day.state.blockingTies)
                if (!recordShootOut(tie))
                    return day;
            continue;
        }
        const std::vector<const PlayGame*> waiting = day.state.waitingGames();
        if (waiting.empty()) {
            if (day.state.finished && !day.state.placeTies.empty()) {
                for (const UnresolvedTie& tie : day.state.placeTies)
                    if (!recordShootOut(tie))
                        return day;
                continue;
            }
            return day;
        }
        // Copies: the state is replaced when everyScore recomputes it.
        std::vector<PlayGame> games;
        for (const PlayGame* game : waiting)
            games.push_back(*game);
        for (const PlayGame& game : games) {
            const Stage& stage = format.stages[static_cast<std::size_t>(game.key.stage)];
            const Score score = randomScore(stage.settings, stage.kind == StageKind::Playoff,
                                            ratingOf[game.a], ratingOf[game.b], random);
            // The desk's check of an entry, as the window makes it.
            if (entryProblem(day.input, day.state, game.key, score))
                return day;
            day.input.scores[game.key] = score;
            day.input.enteredFor[game.key] = {game.a, game.b}; // as a store keeps them
            ++day.scoresEntered;
            if (everyScore) {
                day.state = computePlay(day.input);
                ++day.computations;
            }
        }
    }
    return day;
}

} // namespace flickdesk::engine::play
