#include "core/awards/payout.h"

#include "core/formats/historyreader.h"
#include "core/records/monthlock.h"
#include "core/records/records.h"

#include <algorithm>
#include <stdexcept>

namespace flickdesk::core {

std::optional<double> experimentalCapOf(bool experimental, std::optional<double> cap)
{
    // DECISIONS P4: no ceiling but an experimental format's cap; FlickDesk proposes 1.00.
    if (!experimental)
        return std::nullopt;
    return cap.value_or(engine::proposedExperimentalCap);
}

PayoutTerms payoutTermsOf(const EventRecord& event)
{
    PayoutTerms terms;
    terms.format = event.format;
    terms.tier = static_cast<engine::Tier>(std::clamp(event.tier.value_or(3), 1, 3));
    terms.experimentalCap = experimentalCapOf(event.experimental, event.experimentalCap);
    return terms;
}

PayoutTerms payoutTermsOf(const EventInfo& event, engine::EventFormat format)
{
    PayoutTerms terms;
    terms.format = format;
    terms.tier = static_cast<engine::Tier>(std::clamp(event.tier.value_or(3), 1, 3));
    terms.experimentalCap = experimentalCapOf(event.experimental, event.experimentalCap);
    return terms;
}

engine::PayoutTable payoutTable(const PayoutTerms& terms, std::span<const FieldUnit> units)
{
    if (terms.format == engine::EventFormat::Doubles) {
        // DECISIONS P5, P9: the engine rates each team from its two partners.
        std::vector<engine::PartnerRatings> teams;
        teams.reserve(units.size());
        for (const FieldUnit& unit : units)
            teams.emplace_back(unit.mu, unit.partnerMu);
        return engine::computePayoutTable(terms.tier, teams, terms.experimentalCap);
    }
    std::vector<double> ratings;
    ratings.reserve(units.size());
    for (const FieldUnit& unit : units)
        ratings.push_back(unit.mu);
    return engine::computePayoutTable(engine::EventFormat::Singles, terms.tier, ratings,
                                      terms.experimentalCap);
}

std::vector<const engine::Standing*> finishingOrder(const engine::Event& event)
{
    std::vector<const engine::Standing*> order;
    order.reserve(event.standings.size());
    for (const engine::Standing& standing : event.standings) {
        if (standing.place < 1)
            return {};
        order.push_back(&standing);
    }
    std::stable_sort(order.begin(), order.end(), [](const engine::Standing* a, const engine::Standing* b) {
        return a->place < b->place;
    });
    return order;
}

std::vector<FieldUnit> fieldUnits(std::span<const Entrant* const> units, engine::EventFormat format,
                                  const MonthLockRatings& lock)
{
    std::vector<FieldUnit> field;
    field.reserve(units.size());
    for (const Entrant* entrant : units) {
        const auto& players = entrant->players;
        FieldUnit unit;
        unit.mu = players.empty() ? lock.unseenMu : lock.muOf(players[0].id);
        if (format == engine::EventFormat::Doubles)
            unit.partnerMu = players.size() < 2 ? lock.unseenMu : lock.muOf(players[1].id);
        field.push_back(unit);
    }
    return field;
}

std::vector<FieldUnit> fieldUnitsThatBegan(const std::vector<Entrant>& entrants, engine::EventFormat format,
                                           const MonthLockRatings& lock)
{
    // DECISIONS P3: the field is every unit that began, withdrawn ones included.
    std::vector<const Entrant*> began;
    began.reserve(entrants.size());
    for (const Entrant& entrant : entrants) {
        if (entrant.began())
            began.push_back(&entrant);
    }
    return fieldUnits(began, format, lock);
}

engine::PayoutTable payoutTable(const PayoutTerms& terms, std::span<const Entrant* const> units,
                                const MonthLockRatings& lock)
{
    return payoutTable(terms, fieldUnits(units, terms.format, lock));
}

engine::PayoutTable payoutTable(const PayoutTerms& terms, const engine::Event& event,
                                const engine::MonthlyLock& lock)
{
    // DECISIONS P3: the units that began, in finishing order (places 1..N; a gap closes up).
    const std::vector<const engine::Standing*> order = finishingOrder(event);
    const std::vector<FieldUnit> units =
        fieldUnits(order, terms.format, [&lock](std::optional<engine::PlayerIndex> player) {
            if (!player) // validation (N2) gives every doubles team two partners
                throw std::invalid_argument("a doubles team without two partners");
            return lock.mu(*player);
        });
    return payoutTable(terms, units);
}

engine::PayoutTable payoutTableOfSummary(const PayoutTerms& terms, int fieldSize, double unflooredStrength,
                                         double fieldDepth,
                                         const engine::FieldWeightedPointsParameters& parameters)
{
    return engine::computePayoutTableOfSummary(terms.format, terms.tier, fieldSize, unflooredStrength,
                                               fieldDepth, terms.experimentalCap, parameters);
}

std::vector<double> pointsWithoutDepthLift(const engine::PayoutTable& table,
                                           const engine::FieldWeightedPointsParameters& parameters)
{
    std::vector<double> points;
    points.reserve(table.points.size());
    const int fieldSize = static_cast<int>(table.points.size());
    for (int place = 1; place <= fieldSize; ++place) {
        points.push_back(engine::fieldWeightedPoints(place, fieldSize, table.fieldStrengthIndex, 0.0,
                                                     table.format, parameters));
    }
    return points;
}

} // namespace flickdesk::core
