#pragma once

// Field-Weighted Points (FWP): the NCA Tour points an event awards, from the locked ratings of the
// units that began competition (spec 000 Terminology; DECISIONS P3-P10).

#include "flickdesk/engine/history.h"

#include <optional>
#include <span>
#include <utility>
#include <vector>

namespace flickdesk::engine {

// An event's Tier. Since FWP the Tier only sets a guaranteed minimum (DECISIONS P4, P10).
enum class Tier { One = 1, Two = 2, Three = 3 };

// DECISIONS P4: the lowest FSI an event of this Tier can earn: 0.80 / 0.60 / 0.40.
constexpr double fieldStrengthFloor(Tier tier) noexcept
{
    switch (tier) {
    case Tier::One:
        return 0.80;
    case Tier::Two:
        return 0.60;
    case Tier::Three:
        break;
    }
    return 0.40;
}

// Spec 000 §1 "Tier minimums": the guaranteed winner points 40 / 30 / 20 (= floor x 50).
constexpr double winnerPointsFloor(Tier tier) noexcept
{
    switch (tier) {
    case Tier::One:
        return 40.0;
    case Tier::Two:
        return 30.0;
    case Tier::Three:
        break;
    }
    return 20.0;
}

// DECISIONS P4: the experimental-format FSI cap FlickDesk proposes (a setting per event).
inline constexpr double proposedExperimentalCap = 1.00;

// The FWP settings with the values of spec 000 Terminology. A changed value is stored with the
// table it produced (DECISIONS: "setting").
struct FieldWeightedPointsParameters {
    int topUnitsAveragedSingles = 20; // FSI averages the top 20 players ...
    int topUnitsAveragedDoubles = 10; // ... or the top 10 teams
    double strengthDivisor = 3.3;     // FSI = mean / 3.3
    double depthDivisor = 2.0;        // FDI = mean of the lower half / 2.0
    int depthThresholdSingles = 20;   // FDI = 0 below 20 players ...
    int depthThresholdDoubles = 10;   // ... or below 10 teams
    double decaySingles = 1.7;
    double decayDoubles = 2.3;
    double depthLift = 0.40;
    double winnerMultiplier = 50.0; // the winner gets FSI x 50
    double pointsFloor = 1.0;       // every place earns at least 1 point
};

// DECISIONS P5: a doubles team's rating for FSI and FDI, 0.6 x higher partner + 0.4 x lower partner.
double teamRating(double muA, double muB) noexcept;

// A unit's rating for FSI and FDI (DECISIONS P5): the player's mu in singles (`partnerMu` is not
// read), the team rating of the two partners in doubles. What the award, the preview's entrant
// list and the simulator's field each rate a unit by.
double unitRating(EventFormat format, double mu, double partnerMu) noexcept;

// The locked mu of the two partners of one doubles team, in any order.
using PartnerRatings = std::pair<double, double>;

// The mean of the top min(20, N) ratings (singles) or min(10, N) team ratings (doubles) / 3.3:
// the FSI before the Tier floor and any cap (DECISIONS P4). 0 for an empty field.
// DECISIONS P4: an FSI before its floor, raised to the Tier floor and then limited by the
// experimental cap if there is one. The simulator sets the unfloored FSI directly.
double boundedFieldStrength(double unflooredStrength, Tier tier,
                            std::optional<double> experimentalCap = std::nullopt) noexcept;

double unflooredFieldStrength(std::span<const double> unitRatings, EventFormat format,
                              const FieldWeightedPointsParameters& parameters = {});

// DECISIONS P4: the unfloored strength raised to the Tier floor, then limited by the experimental cap
// when the event has one. A cap below the Tier floor wins: it is an explicit per-event decision.
double fieldStrengthIndex(std::span<const double> unitRatings, EventFormat format, Tier tier,
                          std::optional<double> experimentalCap = std::nullopt,
                          const FieldWeightedPointsParameters& parameters = {});

// DECISIONS P6: ratings ranked from highest; the mean of ranks floor(N/2)+1 .. N; / 2.0; clamped to
// [0, 1]. 0 when N is below the depth threshold (20 players / 10 teams).
double fieldDepthIndex(std::span<const double> unitRatings, EventFormat format,
                       const FieldWeightedPointsParameters& parameters = {});

// DECISIONS P7: the unrounded points for `place` (1-based) in a field of `fieldSize` units.
// Place 1 gets FSI x 50 exactly; place p > 1 gets max(1, FSI x 50 x ratio) with
// base = (1 - p/N)^decay and ratio = min(1, base + 0.40 x FDI x (1 - base)).
// Throws std::invalid_argument when place is not in 1..fieldSize.
double fieldWeightedPoints(int place, int fieldSize, double fieldStrength, double fieldDepth,
                           EventFormat format, const FieldWeightedPointsParameters& parameters = {});

// DECISIONS P8: an award rounded to 0.1, half away from zero, judged on the decimal value the
// arithmetic meant rather than on its binary approximation: roundAward(2.45) == 2.5 (see points.cpp).
// Non-finite input is returned unchanged.
double roundAward(double points) noexcept;

// The same rounding as a whole number of tenths (24.5 -> 245), for exact sums of awards.
long long awardTenths(double points) noexcept;

// DECISIONS P10: the highest Tier whose winner points floor the unfloored winner points
// (mean / 3.3 x 50) reach: Tier 1 from 40, Tier 2 from 30, otherwise Tier 3.
Tier highestTierFloorMet(double unflooredWinnerPoints) noexcept;

// DECISIONS P10: the highest Tier above `current` whose points floor the event meets, if any.
std::optional<Tier> higherTierFloorMet(Tier current, double unflooredWinnerPoints) noexcept;

// Everything one event pays, for places 1..N. The morning preview and the award after the event are
// the same table from the same function, computePayoutTable (DECISIONS P2: the award stores it).
struct PayoutTable {
    EventFormat format = EventFormat::Singles;
    Tier tier = Tier::Three;
    int fieldSize = 0;                        // N: units that began competition (DECISIONS P3)
    double unflooredFieldStrength = 0.0;      // mean of the top units / 3.3
    double fieldStrengthIndex = 0.0;          // FSI after the Tier floor and any cap
    double fieldDepthIndex = 0.0;             // FDI
    std::optional<double> experimentalCap;    // the FSI cap the event was computed with
    bool capApplied = false;                  // the cap lowered the FSI
    double unflooredWinnerPoints = 0.0;       // unfloored FSI x 50 (DECISIONS P10)
    std::optional<Tier> meetsHigherTierFloor; // DECISIONS P10, relative to `tier`
    std::vector<double> points;               // unrounded, points[place - 1]
    std::vector<double> awards;               // rounded to 0.1 (DECISIONS P8), awards[place - 1]

    double winnerPoints() const noexcept { return points.empty() ? 0.0 : points.front(); }
};

// The payout table of a field of units: players (singles) or teams (doubles, each rating a
// teamRating). The ratings may be listed in any order (seed order in the morning, finishing order
// after the event): the result is bit-identical. An empty field gives the Tier floor and no places.
// Throws std::invalid_argument for a rating or cap that is not a finite number, or a negative cap.
PayoutTable computePayoutTable(EventFormat format, Tier tier, std::span<const double> unitRatings,
                               std::optional<double> experimentalCap = std::nullopt,
                               const FieldWeightedPointsParameters& parameters = {});

// The payout table of a doubles field given each team's two partner ratings (DECISIONS P5, P9).
PayoutTable computePayoutTable(Tier tier, std::span<const PartnerRatings> teams,
                               std::optional<double> experimentalCap = std::nullopt,
                               const FieldWeightedPointsParameters& parameters = {});

// The payout table of a field known only by its size, unfloored strength (the mean of its top
// units / 3.3) and depth (clamped to 0..1): the simulator's "what if". Every rule after the field's
// summary (the Tier floor and cap, P4; P7; P8; P10) is computePayoutTable's own. Throws
// std::invalid_argument for a negative size, a strength or depth that is not finite, or a bad cap.
PayoutTable computePayoutTableOfSummary(EventFormat format, Tier tier, int fieldSize,
                                        double unflooredStrength, double fieldDepth,
                                        std::optional<double> experimentalCap = std::nullopt,
                                        const FieldWeightedPointsParameters& parameters = {});

} // namespace flickdesk::engine
