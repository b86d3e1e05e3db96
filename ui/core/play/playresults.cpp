// The day of play above the store (core/play/playresults.h, issue 28).

#include "core/play/playresults.h"

#include "core/awards/monthlocks.h"
#include "core/store/store.h"

#include <QCoreApplication>

namespace flickdesk::core {
namespace {

namespace play = engine::play;

QString playTr(const char* text)
{
    return QCoreApplication::translate("flickdesk::core::Play", text);
}

QString simplified(const QString& name)
{
    QString text = name.toLower();
    text.remove(u' ');
    text.remove(u',');
    return text;
}

constexpr play::Template kTemplates[] = {play::Template::NcaDay, play::Template::Wcc,
                                         play::Template::OneRoundRobin, play::Template::RandomThenTop8};

} // namespace

QStringList playTemplateNames()
{
    return {QStringLiteral("NCA day"), QStringLiteral("WCC"), QStringLiteral("One round robin"),
            QStringLiteral("Random rounds then top 8")};
}

std::optional<play::Template> playTemplateNamed(const QString& name)
{
    const QString wanted = simplified(name);
    const QStringList short_ = playTemplateNames();
    for (std::size_t i = 0; i < std::size(kTemplates); ++i) {
        if (wanted == simplified(short_[static_cast<qsizetype>(i)]) ||
            wanted == simplified(QString::fromStdString(play::templateName(kTemplates[i]))))
            return kTemplates[i];
    }
    return std::nullopt;
}

PlayRatings playRatings(Store& store, MonthLocks& locks, const QString& eventId)
{
    const std::optional<EventRecord> event = store.event(eventId);
    if (!event)
        throw StoreError(StoreError::Kind::Refused, playTr("There is no event %1.").arg(eventId));
    // DECISIONS G4: snake seeding on the month's locked ratings.
    const MonthLockRatings lock = locks.lockFor(event->date);
    PlayRatings ratings;
    for (const Entrant& entrant : store.entrants(eventId)) {
        if (entrant.players.empty())
            continue;
        double sum = 0;
        for (const PlayerRecord& player : entrant.players)
            sum += lock.muOf(player.id);
        ratings[entrant.number] = sum / static_cast<double>(entrant.players.size());
    }
    return ratings;
}

QStringList unresolvedPlaceTies(const play::PlayState& state)
{
    QStringList lines;
    if (state.placesFinal)
        return lines;
    const auto describe = [](const play::UnresolvedTie& tie) {
        QStringList units;
        for (const play::UnitId& unit : tie.units)
            units.append(QString::fromStdString(unit));
        return playTr("entrants %1 are level for places %2 to %3: record the shoot-out's order")
            .arg(units.join(QStringLiteral(", ")))
            .arg(tie.firstPosition)
            .arg(tie.lastPosition);
    };
    for (const play::UnresolvedTie& tie : state.blockingTies)
        lines.append(describe(tie));
    for (const play::UnresolvedTie& tie : state.placeTies)
        lines.append(describe(tie));
    if (lines.isEmpty())
        lines.append(
            playTr("the play is not finished: %1 games wait for a score").arg(state.waitingGames().size()));
    return lines;
}

void applyPlayPlaces(Store& store, const QString& eventId, const play::PlayState& state,
                     const std::optional<std::vector<GameRecord>>& games)
{
    if (state.problem)
        throw StoreError(StoreError::Kind::Refused, QString::fromStdString(*state.problem));
    // DECISIONS G6: the places come from the play only once they are final.
    if (!state.placesFinal || !state.finished)
        throw StoreError(StoreError::Kind::Refused,
                         playTr("The places of the play are not final yet: %1. Nothing was written.")
                             .arg(unresolvedPlaceTies(state).join(QStringLiteral("; "))));
    std::vector<Placing> listed;
    listed.reserve(state.places.size());
    for (const play::Place& place : state.places) {
        bool ok = false;
        const int unit = QString::fromStdString(place.unit).toInt(&ok);
        if (!ok)
            throw StoreError(
                StoreError::Kind::Refused,
                playTr("The play names %1, which is no entrant of the event. Nothing was written.")
                    .arg(QString::fromStdString(place.unit)));
        listed.push_back({unit, place.place});
    }
    if (games)
        store.setStandingsAndGames(eventId, listed, *games);
    else
        store.setStandings(eventId, listed);
}

std::vector<GameRecord> playGameRecords(const std::vector<UnitRecord>& units, const play::PlayState& state)
{
    if (state.problem)
        throw StoreError(StoreError::Kind::Refused, QString::fromStdString(*state.problem));
    // DECISIONS N3: an event is rated from its complete games, so only a finished day's.
    if (!state.placesFinal || !state.finished)
        throw StoreError(StoreError::Kind::Refused,
                         playTr("The event can be rated from its games once the day is finished: %1.")
                             .arg(unresolvedPlaceTies(state).join(QStringLiteral("; "))));
    const auto playersOf = [&units](const play::UnitId& unit) {
        bool ok = false;
        const int number = QString::fromStdString(unit).toInt(&ok);
        for (const UnitRecord& record : units)
            if (ok && record.number == number)
                return record.playerIds;
        throw StoreError(StoreError::Kind::Refused,
                         playTr("The play names %1, which is no entrant of the event. Nothing was written.")
                             .arg(QString::fromStdString(unit)));
    };
    std::vector<GameRecord> games;
    for (const play::RatedGame& game : play::ratedGames(state)) {
        GameRecord record;
        record.number = static_cast<int>(games.size()) + 1;
        record.sideA = playersOf(game.a);
        record.sideB = playersOf(game.b);
        // DECISIONS G8: a game level on points is a draw.
        record.outcome = game.level                    ? engine::GameOutcome::Draw
                         : game.pointsA > game.pointsB ? engine::GameOutcome::WinA
                                                       : engine::GameOutcome::WinB;
        games.push_back(std::move(record));
    }
    return games;
}

} // namespace flickdesk::core
