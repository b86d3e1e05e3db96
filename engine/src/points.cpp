#include "flickdesk/engine/points.h"

#include <algorithm>
#include <cmath>
#include <functional>
#include <limits>
#include <stdexcept>
#include <string>

namespace flickdesk::engine {

namespace {

// Awards and Tier floors are judged on the decimal value the formulas mean. Double arithmetic of a
// few operations on values below ~10^4 is off by less than 10^-11, so anything closer than this to a
// boundary is representation noise, not a real difference.
constexpr double kDecimalNoise = 1e-9;

struct FieldSummary {
    double unflooredStrength = 0.0;
    double depth = 0.0;
};

int topUnitsAveraged(EventFormat format, const FieldWeightedPointsParameters& parameters) noexcept
{
    return format == EventFormat::Doubles ? parameters.topUnitsAveragedDoubles
                                          : parameters.topUnitsAveragedSingles;
}

int depthThreshold(EventFormat format, const FieldWeightedPointsParameters& parameters) noexcept
{
    return format == EventFormat::Doubles ? parameters.depthThresholdDoubles
                                          : parameters.depthThresholdSingles;
}

double decay(EventFormat format, const FieldWeightedPointsParameters& parameters) noexcept
{
    return format == EventFormat::Doubles ? parameters.decayDoubles : parameters.decaySingles;
}

void requireFiniteRatings(std::span<const double> ratings)
{
    for (std::size_t i = 0; i < ratings.size(); ++i) {
        if (!std::isfinite(ratings[i])) {
            throw std::invalid_argument("rating of unit " + std::to_string(i + 1) +
                                        " is not a finite number");
        }
    }
}

void requireValidCap(std::optional<double> experimentalCap)
{
    if (experimentalCap && (!std::isfinite(*experimentalCap) || *experimentalCap < 0.0)) {
        throw std::invalid_argument("experimental FSI cap must be a finite number >= 0");
    }
}

// FSI before its floor (DECISIONS P4) and FDI (DECISIONS P6) of one field, in O(N) selection plus
// sorting only the parts that are summed. `ratings` is scratch and gets reordered.
//
// Every sum runs over values in descending order, so the result depends only on the multiset of
// ratings, never on the order they were listed in: the morning preview (seed order) and the award
// (finishing order) come out bit-identical, and rounding to 0.1 can never differ between them.
FieldSummary summarizeField(std::span<double> ratings, EventFormat format,
                            const FieldWeightedPointsParameters& parameters)
{
    FieldSummary summary;
    const auto n = static_cast<std::ptrdiff_t>(ratings.size());
    if (n == 0) {
        return summary; // an empty field has no strength: the Tier floor decides
    }
    const auto first = ratings.begin();
    const auto last = ratings.end();
    const auto higher = std::greater<double>{};

    // DECISIONS P4: the mean of the top min(20, N) players or min(10, N) teams.
    const std::ptrdiff_t top = std::clamp<std::ptrdiff_t>(topUnitsAveraged(format, parameters), 1, n);
    std::partial_sort(first, first + top, last, higher);
    double topSum = 0.0;
    for (std::ptrdiff_t i = 0; i < top; ++i) {
        topSum += ratings[static_cast<std::size_t>(i)];
    }
    summary.unflooredStrength = topSum / static_cast<double>(top) / parameters.strengthDivisor;

    // DECISIONS P6: no depth signal below 20 players / 10 teams.
    if (n < depthThreshold(format, parameters)) {
        return summary;
    }
    // DECISIONS P6: ranks floor(N/2)+1 .. N, i.e. indices floor(N/2) .. N-1 in descending order.
    const std::ptrdiff_t lowerHalf = n / 2;
    if (lowerHalf >= top) {
        std::nth_element(first + top, first + lowerHalf, last, higher);
        std::sort(first + lowerHalf, last, higher);
    } else {
        // The top block is already sorted and everything after it is no higher.
        std::sort(first + top, last, higher);
    }
    double lowerSum = 0.0;
    for (std::ptrdiff_t i = lowerHalf; i < n; ++i) {
        lowerSum += ratings[static_cast<std::size_t>(i)];
    }
    const double depth = lowerSum / static_cast<double>(n - lowerHalf) / parameters.depthDivisor;
    summary.depth = std::clamp(depth, 0.0, 1.0);
    return summary;
}

// DECISIONS P7, without argument checks: the one formula every caller goes through.
double pointsForPlace(int place, int fieldSize, double winnerPoints, double fieldDepth, double placeDecay,
                      const FieldWeightedPointsParameters& parameters) noexcept
{
    // DECISIONS P7: place 1 gets FSI x 50 exactly, the curve is not applied to it (Florida: 20.0 =
    // 0.40 x 50). The 1-point floor can only matter under an absurdly low experimental cap.
    if (place == 1) {
        return std::max(parameters.pointsFloor, winnerPoints);
    }
    const double percentile = 1.0 - static_cast<double>(place) / static_cast<double>(fieldSize);
    const double base = std::pow(percentile, placeDecay);
    const double ratio = std::min(1.0, base + parameters.depthLift * fieldDepth * (1.0 - base));
    return std::max(parameters.pointsFloor, winnerPoints * ratio);
}

// The table from a field's summary: the one path behind every computePayoutTable overload.
// `points` is reused as the table's points (its contents are overwritten), so a table from ratings
// costs two allocations whatever N is.
PayoutTable payoutFromSummary(EventFormat format, Tier tier, int fieldSize, const FieldSummary& summary,
                              std::optional<double> experimentalCap,
                              const FieldWeightedPointsParameters& parameters, std::vector<double> points)
{
    PayoutTable table;
    table.format = format;
    table.tier = tier;
    table.fieldSize = fieldSize;
    table.unflooredFieldStrength = summary.unflooredStrength;
    table.fieldStrengthIndex = boundedFieldStrength(summary.unflooredStrength, tier, experimentalCap);
    table.fieldDepthIndex = summary.depth;
    table.experimentalCap = experimentalCap;
    table.capApplied =
        experimentalCap && *experimentalCap < std::max(fieldStrengthFloor(tier), summary.unflooredStrength);
    table.unflooredWinnerPoints = summary.unflooredStrength * parameters.winnerMultiplier;
    table.meetsHigherTierFloor = higherTierFloorMet(tier, table.unflooredWinnerPoints);

    const double winnerPoints = table.fieldStrengthIndex * parameters.winnerMultiplier;
    const double placeDecay = decay(format, parameters);
    table.points = std::move(points);
    table.points.resize(static_cast<std::size_t>(fieldSize));
    table.awards.resize(table.points.size());
    for (int place = 1; place <= table.fieldSize; ++place) {
        const auto index = static_cast<std::size_t>(place - 1);
        table.points[index] = pointsForPlace(place, table.fieldSize, winnerPoints, table.fieldDepthIndex,
                                             placeDecay, parameters);
        table.awards[index] = roundAward(table.points[index]);
    }
    return table;
}

PayoutTable payoutFromRatings(EventFormat format, Tier tier, std::vector<double> scratch,
                              std::optional<double> experimentalCap,
                              const FieldWeightedPointsParameters& parameters)
{
    requireFiniteRatings(scratch);
    requireValidCap(experimentalCap);
    const FieldSummary summary = summarizeField(scratch, format, parameters);
    const int fieldSize = static_cast<int>(scratch.size());
    return payoutFromSummary(format, tier, fieldSize, summary, experimentalCap, parameters,
                             std::move(scratch));
}

} // namespace

double teamRating(double muA, double muB) noexcept
{
    // DECISIONS P5: 0.6 x higher partner + 0.4 x lower partner.
    return 0.6 * std::max(muA, muB) + 0.4 * std::min(muA, muB);
}

double unitRating(EventFormat format, double mu, double partnerMu) noexcept
{
    return format == EventFormat::Doubles ? teamRating(mu, partnerMu) : mu; // DECISIONS P5
}

// DECISIONS P4: raised to the Tier floor, then limited by the experimental cap if there is one.
double boundedFieldStrength(double unflooredStrength, Tier tier,
                            std::optional<double> experimentalCap) noexcept
{
    const double floored = std::max(fieldStrengthFloor(tier), unflooredStrength);
    return experimentalCap ? std::min(floored, *experimentalCap) : floored;
}

double unflooredFieldStrength(std::span<const double> unitRatings, EventFormat format,
                              const FieldWeightedPointsParameters& parameters)
{
    requireFiniteRatings(unitRatings);
    std::vector<double> scratch(unitRatings.begin(), unitRatings.end());
    return summarizeField(scratch, format, parameters).unflooredStrength;
}

double fieldStrengthIndex(std::span<const double> unitRatings, EventFormat format, Tier tier,
                          std::optional<double> experimentalCap,
                          const FieldWeightedPointsParameters& parameters)
{
    requireValidCap(experimentalCap);
    return boundedFieldStrength(unflooredFieldStrength(unitRatings, format, parameters), tier,
                                experimentalCap);
}

double fieldDepthIndex(std::span<const double> unitRatings, EventFormat format,
                       const FieldWeightedPointsParameters& parameters)
{
    requireFiniteRatings(unitRatings);
    std::vector<double> scratch(unitRatings.begin(), unitRatings.end());
    return summarizeField(scratch, format, parameters).depth;
}

double fieldWeightedPoints(int place, int fieldSize, double fieldStrength, double fieldDepth,
                           EventFormat format, const FieldWeightedPointsParameters& parameters)
{
    if (place < 1 || place > fieldSize) {
        throw std::invalid_argument("place " + std::to_string(place) + " is outside the field of " +
                                    std::to_string(fieldSize));
    }
    return pointsForPlace(place, fieldSize, fieldStrength * parameters.winnerMultiplier, fieldDepth,
                          decay(format, parameters), parameters);
}

// DECISIONS P8: to 0.1, half away from zero. The naive std::round(x * 10) / 10 judges the binary
// approximation, and whether x * 10 lands on, above or below .5 is luck: 0.15 is stored as
// 0.1499999999999999944..., yet computed awards such as FSI x 50 x ratio can land a few ulps either
// side of a true .x5. Method: scale the magnitude to tenths, treat anything within kDecimalNoise of
// a half as the half, and take floor(tenths + 0.5). Dividing the whole number of tenths by 10.0 gives
// the double nearest that decimal, so roundAward(2.45) == 2.5 compares equal to the literal 2.5.
long long awardTenths(double points) noexcept
{
    if (!std::isfinite(points)) {
        return 0;
    }
    const double tenths = std::floor(std::fabs(points) * 10.0 + 0.5 + kDecimalNoise);
    constexpr auto largest = static_cast<double>(std::numeric_limits<long long>::max() / 2);
    const auto magnitude = static_cast<long long>(std::min(tenths, largest));
    return points < 0.0 ? -magnitude : magnitude;
}

double roundAward(double points) noexcept
{
    if (!std::isfinite(points)) {
        return points;
    }
    const double tenths = std::floor(std::fabs(points) * 10.0 + 0.5 + kDecimalNoise);
    if (tenths == 0.0) {
        return 0.0; // never -0.0
    }
    return std::copysign(tenths / 10.0, points);
}

Tier highestTierFloorMet(double unflooredWinnerPoints) noexcept
{
    // DECISIONS P10: "reach" means at least the floor; mean / 3.3 x 50 for a mean of exactly 2.64 must
    // not miss 40 by one ulp.
    if (unflooredWinnerPoints >= winnerPointsFloor(Tier::One) - kDecimalNoise) {
        return Tier::One;
    }
    if (unflooredWinnerPoints >= winnerPointsFloor(Tier::Two) - kDecimalNoise) {
        return Tier::Two;
    }
    return Tier::Three;
}

std::optional<Tier> higherTierFloorMet(Tier current, double unflooredWinnerPoints) noexcept
{
    const Tier met = highestTierFloorMet(unflooredWinnerPoints);
    if (static_cast<int>(met) < static_cast<int>(current)) {
        return met;
    }
    return std::nullopt;
}

PayoutTable computePayoutTable(EventFormat format, Tier tier, std::span<const double> unitRatings,
                               std::optional<double> experimentalCap,
                               const FieldWeightedPointsParameters& parameters)
{
    return payoutFromRatings(format, tier, std::vector<double>(unitRatings.begin(), unitRatings.end()),
                             experimentalCap, parameters);
}

PayoutTable computePayoutTable(Tier tier, std::span<const PartnerRatings> teams,
                               std::optional<double> experimentalCap,
                               const FieldWeightedPointsParameters& parameters)
{
    std::vector<double> teamRatings;
    teamRatings.reserve(teams.size());
    for (const auto& [muA, muB] : teams) {
        teamRatings.push_back(teamRating(muA, muB));
    }
    return payoutFromRatings(EventFormat::Doubles, tier, std::move(teamRatings), experimentalCap, parameters);
}

PayoutTable computePayoutTableOfSummary(EventFormat format, Tier tier, int fieldSize,
                                        double unflooredStrength, double fieldDepth,
                                        std::optional<double> experimentalCap,
                                        const FieldWeightedPointsParameters& parameters)
{
    if (fieldSize < 0)
        throw std::invalid_argument("a field size below 0");
    if (!std::isfinite(unflooredStrength) || !std::isfinite(fieldDepth))
        throw std::invalid_argument("a field strength or depth that is not a finite number");
    requireValidCap(experimentalCap);
    FieldSummary summary;
    summary.unflooredStrength = unflooredStrength;
    summary.depth = std::clamp(fieldDepth, 0.0, 1.0);
    return payoutFromSummary(format, tier, fieldSize, summary, experimentalCap, parameters, {});
}

} // namespace flickdesk::engine
