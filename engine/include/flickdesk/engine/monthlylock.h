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

// The lock of a month after every event of `history`, taken from `run`, the history's whole run with
// the same parameters (rateHistory): each player's latest posterior is the last point of their curve
// (N6). It is the same lock computeMonthlyLock gives, bit for bit (its run is the same run over the
// same events), without running again: the window's Recompute has the run already, and the locks of
// the month after the last event and of the current month are its two largest.
// std::invalid_argument when an event is dated on or after the 1st of the month, or when `run` is
// not a result of this history (cancelled, or curves for other players).
MonthlyLock lockAfterHistory(const RatingHistory& history, DayNumber month,
                             const FlickSkillParameters& parameters, const FlickSkillResult& run);

// Whether every event of `history` is dated before the 1st of `month` (lockAfterHistory applies).
bool isAfterHistory(const RatingHistory& history, DayNumber month);

// The months in which a history's events fall, as the 1st of each month, ascending.
std::vector<DayNumber> monthsOfEvents(const RatingHistory& history);

} // namespace flickdesk::engine
