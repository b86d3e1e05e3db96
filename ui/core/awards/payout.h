#pragma once

// The one path from a field and a lock to an event's payout table (DECISIONS P1-P10). The award
// (core::awardEvent), the morning preview, the recompute comparison, the player page, the Tour
// points and standings (core/awards/tourpoints.h) and `flickdesk-cli payout` all call payoutTable(): the
// experimental cap's default (P4), which units count (P3), a doubles team's rating (P5) and the
// points formula (P7) live here and in the engine only.

#include "flickdesk/engine/history.h"
#include "flickdesk/engine/monthlylock.h"
#include "flickdesk/engine/points.h"

#include <optional>
#include <span>
#include <vector>

namespace flickdesk::core {

struct Entrant;
struct EventInfo;
struct EventRecord;
struct MonthLockRatings;

// What an event is paid under: its format, Tier and, for an experimental format, its FSI cap.
struct PayoutTerms {
    engine::EventFormat format = engine::EventFormat::Singles;
    engine::Tier tier = engine::Tier::Three;
    std::optional<double> experimentalCap; // set only for an experimental-format event (P4)

    friend bool operator==(const PayoutTerms&, const PayoutTerms&) = default;
};

// DECISIONS P4: the FSI cap an event is paid with: none for a regular event; for an experimental
// one its own cap, or the 1.00 FlickDesk proposes when none was set.
std::optional<double> experimentalCapOf(bool experimental, std::optional<double> cap);

// The terms of a stored event. An event without a tier is previewed at Tier 3's floor, the lowest
// (the award refuses it).
PayoutTerms payoutTermsOf(const EventRecord& event);
// The terms of an event of a history (a folder or Store::loadHistory); a tier outside 1..3 is
// clamped into it.
PayoutTerms payoutTermsOf(const EventInfo& event, engine::EventFormat format);

// The units of an event in finishing order (by place; file order among equal places). Empty when an
// event rated from its games has a unit without a place.
std::vector<const engine::Standing*> finishingOrder(const engine::Event& event);

// One unit of a field: a player's locked mu (singles), or both partners' (doubles).
struct FieldUnit {
    double mu = 0.0;
    double partnerMu = 0.0; // doubles only
};

// The payout table of a field of units (in any order: the result is bit-identical). Throws
// std::invalid_argument for a rating or cap that is not a finite number, or a negative cap.
engine::PayoutTable payoutTable(const PayoutTerms& terms, std::span<const FieldUnit> units);

// The units of a stored event that began (DECISIONS P3), in the order given, with the lock's mu of
// each player; a player the lock has never seen, or a doubles seat still empty in the morning, has
// the lock's unseen mu (N6).
std::vector<FieldUnit> fieldUnits(std::span<const Entrant* const> units, engine::EventFormat format,
                                  const MonthLockRatings& lock);
std::vector<FieldUnit> fieldUnitsThatBegan(const std::vector<Entrant>& entrants, engine::EventFormat format,
                                           const MonthLockRatings& lock);
// The units of a rated event in finishing order (core::finishingOrder), each with `muOf` its players.
template <typename MuOf>
std::vector<FieldUnit> fieldUnits(std::span<const engine::Standing* const> order, engine::EventFormat format,
                                  MuOf&& muOf)
{
    std::vector<FieldUnit> units;
    units.reserve(order.size());
    for (const engine::Standing* standing : order) {
        const auto& players = standing->unit.players;
        FieldUnit unit;
        unit.mu = players.empty() ? muOf(std::nullopt) : muOf(std::optional(players[0]));
        if (format == engine::EventFormat::Doubles)
            unit.partnerMu = players.size() < 2 ? muOf(std::nullopt) : muOf(std::optional(players[1]));
        units.push_back(unit);
    }
    return units;
}

// The payout table of a stored event's units in finishing order (the award) or of its entrants that
// began (the preview), with the lock of its month.
engine::PayoutTable payoutTable(const PayoutTerms& terms, std::span<const Entrant* const> units,
                                const MonthLockRatings& lock);
// The payout table of a rated event (a history's) with a monthly lock computed by the engine.
engine::PayoutTable payoutTable(const PayoutTerms& terms, const engine::Event& event,
                                const engine::MonthlyLock& lock);

// The payout table of a field known only by its size N, unfloored strength and depth (the
// simulator's "what if"): the same rules as a field of ratings (engine::computePayoutTableOfSummary).
engine::PayoutTable payoutTableOfSummary(const PayoutTerms& terms, int fieldSize, double unflooredStrength,
                                         double fieldDepth,
                                         const engine::FieldWeightedPointsParameters& parameters = {});

// The points each place of `table` would earn without the depth lift: the same FSI with FDI 0,
// through the engine's own formula (DECISIONS P7). points[place - 1].
std::vector<double> pointsWithoutDepthLift(const engine::PayoutTable& table,
                                           const engine::FieldWeightedPointsParameters& parameters = {});

} // namespace flickdesk::core
