// Awarding an event's Tour points (core/awards/awarding.h): the check of its results and the award.

#include "core/awards/awarding.h"

#include "core/awards/monthlocks.h"
#include "core/awards/payout.h"
#include "core/awards/tourpoints.h"
#include "core/store/store.h"
#include "core/translation.h"
#include "flickdesk/engine/date.h"

#include <QCoreApplication>
#include <algorithm>
#include <limits>
#include <map>
#include <stdexcept>
#include <tuple>

namespace flickdesk::core {

namespace {

FLICKDESK_DECLARE_TR_FUNCTIONS(flickdesk::core::Awarding)

// tr() with a count, for the plural forms of "%n unit(s)".
QString trn(const char* text, int count)
{
    return QCoreApplication::translate("flickdesk::core::Awarding", text, nullptr, count);
}

[[noreturn]] void refuse(const QString& message)
{
    throw StoreError(StoreError::Kind::Refused, message);
}

// "entrant 3 (1041)" or "team 2 (1041 + 1077)": ids, since names are not unique (DECISIONS D1).
QString unitName(const Entrant& entrant, engine::EventFormat format)
{
    return (format == engine::EventFormat::Doubles ? tr("team %1 (%2)") : tr("entrant %1 (%2)"))
        .arg(entrant.number)
        .arg(entrant.playerIds().join(QStringLiteral(" + ")));
}

QString unitList(const std::vector<const Entrant*>& units, engine::EventFormat format)
{
    QStringList names;
    for (const Entrant* entrant : units)
        names.append(unitName(*entrant, format));
    return names.join(QStringLiteral(", "));
}

// The order in which a unit was listed in the standings; imported events list none, and their
// units are numbered in the order of their rows (DECISIONS N4: "the listed order").
int listedKey(const Entrant& entrant)
{
    return entrant.listed.value_or(entrant.number);
}

// The order the database returns an award in: ratings by player id, awards by place then player id.
AwardRecord inStoredOrder(AwardRecord award)
{
    std::sort(award.ratings.begin(), award.ratings.end(),
              [](const LockedRating& a, const LockedRating& b) { return a.playerId < b.playerId; });
    std::sort(award.awards.begin(), award.awards.end(), [](const PlayerAward& a, const PlayerAward& b) {
        return std::tie(a.place, a.playerId) < std::tie(b.place, b.playerId);
    });
    return award;
}

EventRecord requireEvent(Store& store, const QString& eventId)
{
    std::optional<EventRecord> event = store.event(eventId);
    if (!event)
        refuse(tr("There is no event %1.").arg(eventId));
    return std::move(*event);
}

} // namespace

std::vector<const Entrant*> finishingOrderOf(const std::vector<Entrant>& entrants)
{
    std::vector<const Entrant*> order;
    for (const Entrant& entrant : entrants) {
        if (entrant.began())
            order.push_back(&entrant);
    }
    std::stable_sort(order.begin(), order.end(), [](const Entrant* a, const Entrant* b) {
        return std::pair(a->place.value_or(std::numeric_limits<int>::max()), listedKey(*a)) <
               std::pair(b->place.value_or(std::numeric_limits<int>::max()), listedKey(*b));
    });
    return order;
}

ResultsValidation validateEventResults(const EventRecord& event, const std::vector<Entrant>& entrants)
{
    ResultsValidation result;
    const engine::EventFormat format = event.format;
    const bool doubles = format == engine::EventFormat::Doubles;
    const auto add = [&result](ResultDefect::Kind kind, std::optional<int> place,
                               const std::vector<const Entrant*>& units, int game, const QString& message) {
        ResultDefect defect;
        defect.kind = kind;
        defect.place = place;
        for (const Entrant* unit : units)
            defect.units.push_back(unit->number);
        defect.game = game;
        defect.message = message;
        result.defects.push_back(std::move(defect));
    };

    std::vector<const Entrant*> began;
    for (const Entrant& entrant : entrants) {
        if (entrant.began())
            began.push_back(&entrant);
    }
    if (began.size() < 2)
        add(ResultDefect::Kind::TooFewUnits, std::nullopt, began, 0,
            trn("Event %1: %n unit(s) began competition; an event needs at least two.",
                static_cast<int>(began.size()))
                .arg(event.id));
    for (const Entrant* entrant : began) {
        if (entrant->players.size() != (doubles ? 2u : 1u))
            add(ResultDefect::Kind::IncompleteTeam, entrant->place, {entrant}, 0,
                doubles ? tr("Event %1: %2 began with one player; a doubles team is two players: pair "
                             // DECISIONS N2: a doubles team is exactly two players.
                             "a partner.")
                              .arg(event.id, unitName(*entrant, format))
                        : tr("Event %1: %2 is not one player.").arg(event.id, unitName(*entrant, format)));
    }
    for (const Entrant& entrant : entrants) {
        if (!entrant.began() && entrant.place)
            add(ResultDefect::Kind::PlacedNotStarted, entrant.place, {&entrant}, 0,
                tr("Event %1: %2 holds place %3 but is registered, not started; check it in or remove "
                   // DECISIONS P3: the field counts the units that began.
                   "its place.")
                    .arg(event.id, unitName(entrant, format))
                    .arg(*entrant.place));
    }
    // An event rated from its games needs places only to award Tour points (tourPointsDefects).
    if (event.games.empty() || event.tour != Tour::None) {
        for (const Entrant* entrant : began) {
            if (entrant->place)
                continue;
            add(ResultDefect::Kind::MissingPlace, std::nullopt, {entrant}, 0,
                entrant->status == EntrantStatus::Withdrawn
                    // DECISIONS P3: a unit that withdraws after starting stays in the field.
                    ? tr("Event %1: %2 withdrew after starting; it stays in the field and needs a place.")
                          .arg(event.id, unitName(*entrant, format))
                    : tr("Event %1: %2 began competition but has no place.")
                          .arg(event.id, unitName(*entrant, format)));
        }
    }

    // DECISIONS N4: every tie, with the units in listed order, and the offer to break them by it.
    std::vector<const Entrant*> placed;
    for (const Entrant* entrant : finishingOrderOf(entrants)) {
        if (entrant->place)
            placed.push_back(entrant);
    }
    bool tied = false;
    for (std::size_t begin = 0; begin < placed.size();) {
        std::size_t end = begin + 1;
        while (end < placed.size() && placed[end]->place == placed[begin]->place)
            ++end;
        if (end - begin > 1) {
            tied = true;
            const std::vector<const Entrant*> group(placed.begin() + static_cast<std::ptrdiff_t>(begin),
                                                    placed.begin() + static_cast<std::ptrdiff_t>(end));
            add(ResultDefect::Kind::TiedPlace, placed[begin]->place, group, 0,
                // DECISIONS N4: a tied finish is not valid rating input.
                tr("Event %1: place %2 is tied between %3; a tied finish cannot be rated. "
                   "Break the tie by the listed order?")
                    .arg(event.id)
                    .arg(*placed[begin]->place)
                    .arg(unitList(group, format)));
        }
        begin = end;
    }
    if (tied) {
        // Every placed unit, registered ones too, so that the offer is a whole set of standings.
        std::vector<const Entrant*> all;
        for (const Entrant& entrant : entrants) {
            if (entrant.place)
                all.push_back(&entrant);
        }
        std::stable_sort(all.begin(), all.end(), [](const Entrant* a, const Entrant* b) {
            return std::pair(*a->place, listedKey(*a)) < std::pair(*b->place, listedKey(*b));
        });
        int previous = 0;
        for (const Entrant* entrant : all) {
            previous = std::max(*entrant->place, previous + 1);
            result.tieBreak.push_back({entrant->number, previous});
        }
    }

    // DECISIONS N3: games between units that began; sides of the format's size.
    std::map<QString, const Entrant*> field;
    for (const Entrant* entrant : began) {
        for (const PlayerRecord& player : entrant->players)
            field.emplace(player.id, entrant);
    }
    const qsizetype sideSize = doubles ? 2 : 1;
    for (const GameRecord& game : event.games) {
        for (const QStringList* side : {&game.sideA, &game.sideB}) {
            if (side->size() != sideSize)
                add(ResultDefect::Kind::GameSides, std::nullopt, {}, game.number,
                    trn("Event %1: a side of game %2 has %n player(s).", static_cast<int>(side->size()))
                        .arg(event.id)
                        .arg(game.number));
            for (const QString& player : *side) {
                if (!field.count(player))
                    add(ResultDefect::Kind::GameOutsideField, std::nullopt, {}, game.number,
                        tr("Event %1: game %2 names player %3, who is not in a unit that began.")
                            .arg(event.id)
                            .arg(game.number)
                            .arg(player));
            }
        }
        for (const QString& player : game.sideB) {
            if (game.sideA.contains(player))
                add(ResultDefect::Kind::GameSides, std::nullopt, {}, game.number,
                    tr("Event %1: player %2 plays on both sides of game %3.")
                        .arg(event.id, player)
                        .arg(game.number));
        }
    }
    return result;
}

ResultsValidation validateResults(Store& store, const QString& eventId)
{
    const EventRecord event = requireEvent(store, eventId);
    return validateEventResults(event, store.entrants(eventId));
}

AwardRecord awardEvent(Store& store, const QString& eventId)
{
    MonthLocks locks(store);
    return awardEvent(locks, eventId);
}

AwardRecord awardEvent(MonthLocks& locks, const QString& eventId)
{
    Store& store = locks.store();
    if (store.isReadOnly())
        throw StoreError(StoreError::Kind::ReadOnly,
                         store.readOnlyReason() + u' ' + tr("Nothing was written."));
    const EventRecord event = requireEvent(store, eventId);
    if (event.status == EventStatus::Awarded)
        // DECISIONS P2: an awarded event is frozen.
        refuse(tr("Event %1 is awarded already: re-award it instead.").arg(eventId));
    if (event.status != EventStatus::Finished)
        refuse(
            tr("Event %1 is %2: finish it before awarding its points.").arg(eventId, keyword(event.status)));
    if (event.tour == Tour::None)
        // DECISIONS T1: only NCA Tour events award points.
        refuse(tr("Event %1 is not a Tour event: it feeds ratings only and awards no points.").arg(eventId));
    if (!event.tier)
        // DECISIONS P4: the Tier sets the FSI floor.
        refuse(tr("Event %1 has no tier: set one before awarding its points.").arg(eventId));
    const std::vector<Entrant> entrants = store.entrants(eventId);
    const ResultsValidation validation = validateEventResults(event, entrants);
    if (!validation.ok()) {
        QStringList messages;
        for (const ResultDefect& defect : validation.defects)
            messages.append(defect.message);
        refuse(tr("The results of event %1 cannot be awarded: %2")
                   .arg(eventId, messages.join(QStringLiteral(" "))));
    }

    // DECISIONS P1: the lock of the event's month; P3: the units that began, in finishing order,
    // their places 1..N (a gap that the standings leave closes up, as in core/awards/tourpoints.cpp).
    const MonthLockRatings lock = locks.lockFor(event.date);
    const std::vector<const Entrant*> order = finishingOrderOf(entrants);
    engine::PayoutTable payout;
    try {
        payout = payoutTable(payoutTermsOf(event), order, lock); // core/awards/payout.h: the one path
    } catch (const std::invalid_argument& error) {
        refuse(tr("The points of event %1 cannot be computed: %2")
                   .arg(eventId, QString::fromUtf8(error.what())));
    }
    AwardRecord record;
    record.lockMonth = lock.month;
    record.fsi = payout.fieldStrengthIndex;
    record.fdi = payout.fieldDepthIndex;
    for (std::size_t position = 0; position < order.size(); ++position) {
        for (const PlayerRecord& player : order[position]->players) {
            record.ratings.push_back({player.id, lock.muOf(player.id), lock.sigmaOf(player.id)});
            // DECISIONS P9: doubles partners both receive the team's award.
            record.awards.push_back({player.id, static_cast<int>(position + 1), payout.awards[position]});
        }
    }
    // Store::award checks again, in its transaction, that the event is finished and its field unchanged.
    const AwardRecord frozen = inStoredOrder(std::move(record));
    store.award(eventId, frozen);
    return store.currentAward(eventId).value_or(frozen);
}

AwardRecord awardRecordOf(const HistoryFolder& folder, const TourEventPoints& event,
                          const std::vector<engine::MonthlyLock>& locks)
{
    AwardRecord award;
    award.lockMonth = Month::ofDay(event.lockMonth).toString();
    award.fsi = event.payout.fieldStrengthIndex;
    award.fdi = event.payout.fieldDepthIndex;
    const auto lock = std::find_if(locks.begin(), locks.end(), [&event](const engine::MonthlyLock& l) {
        return l.month == event.lockMonth;
    });
    for (const UnitAward& unit : event.units) {
        for (std::size_t k = 0; k < unit.players.size(); ++k) {
            const engine::PlayerIndex player = unit.players[k];
            const QString id =
                QString::fromStdString(folder.history.playerIds[static_cast<std::size_t>(player)]);
            // An unrated player's locked rating is the prior (DECISIONS N6), which the lock holds too.
            const double sigma =
                lock != locks.end() ? lock->rating(player).sigma : engine::FlickSkillParameters{}.sigma0;
            award.ratings.push_back({id, k < unit.lockedMu.size() ? unit.lockedMu[k] : 0.0, sigma});
            award.awards.push_back({id, unit.place, unit.award});
        }
    }
    return inStoredOrder(std::move(award));
}

} // namespace flickdesk::core
