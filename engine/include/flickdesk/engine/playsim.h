#pragma once

// A whole simulated day for tests and benchmarks: every game played with a random plausible score
// (the stronger unit more likely to win each round), entered through computePlay and entryProblem as a
// director's entries are, shoot-outs recorded where a tie asks for one, until the places are final.
// Deterministic from the seed.

#include "flickdesk/engine/playday.h"

#include <cstdint>
#include <string>
#include <vector>

namespace flickdesk::engine::play {

// A random valid score of one game between units rated ra and rb (playoff: never level).
Score randomScore(const StageSettings& settings, bool playoff, double ra, double rb, std::uint64_t& state);

struct SimulatedDay {
    PlayInput input; // the format, units, seed and every entry made
    PlayState state; // the last computePlay: finished, places final
    int scoresEntered = 0;
    int shootOutsRecorded = 0;
    int computations = 0; // calls of computePlay
};

// Plays the day of `format` for `units` from `seed`. Each withdrawal in `withdrawals` is recorded
// when its stage's round is reached. Scores are entered one round (all waiting games) at a time, and
// computePlay called after each batch; `everyScore` calls it after every single score instead (as
// the window does). Stops (state.finished false) if the day cannot go on.
SimulatedDay simulateDay(const Format& format, const std::vector<PlayUnit>& units, std::uint64_t seed,
                         const std::vector<Withdrawal>& withdrawals = {}, bool everyScore = false);

// Units "u1".."un" with ratings spread from 2000 down (for tests and benchmarks).
std::vector<PlayUnit> sampleUnits(int count, std::uint64_t seed);

} // namespace flickdesk::engine::play
