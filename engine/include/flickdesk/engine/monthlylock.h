#pragma once

#include "flickdesk/engine/flickskill.h"

#include <vector>

namespace flickdesk::engine {

// Every player's FlickSkill rating as of the 1st of a month (DECISIONS P1): the latest posterior of
// a run over every event dated before that day, all groups, singles and doubles.
struct MonthlyLock {
    DayNumber month = 0; // the 1st of the month
    // Only the players with an event before the month, by ascending index, with their posteriors:
    // a lock costs what its month's rated players cost, not the whole history's. Every other player
    // has no posterior and gets the prior (N6: mu 0, sigma 1.667 with the spec's parameters).
    std::vector<PlayerIndex> players;
    std::vector<Gaussian> posteriors; // parallel to `players`
    Gaussian prior{0.0, 1.667};
    int eventsRated = 0;
    int iterations = 0;
    bool converged = true;

    bool isRated(PlayerIndex player) const;
    Gaussian rating(PlayerIndex player) const; // the posterior, or the prior
    double mu(PlayerIndex player) const { return rating(player).mu; }
    // Sets a player's posterior, keeping `players` ascending.
    void setRating(PlayerIndex player, Gaussian posterior);
};

// One lock. `month` may be any day of the month: the lock is taken at its 1st. A run of its own (N5's
// schedule from scratch, over the events before the month in place: nothing is copied), so a lock never
// depends on which other months were asked for. The engine starts no threads: a caller that wants many months
// at once runs these calls side by side (core::computeMonthlyLocks). `control` reports the run's sweeps and
// is polled for cancellation; a cancelled lock is not a result.
MonthlyLock computeMonthlyLock(const RatingHistory& history, DayNumber month,
                               const FlickSkillParameters& parameters = {},
                               const FlickSkillRunControl& control = {});

// The months in which a history's events fall, as the 1st of each month, ascending.
std::vector<DayNumber> monthsOfEvents(const RatingHistory& history);

} // namespace flickdesk::engine
