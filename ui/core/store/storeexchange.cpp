// The event exchange and the NCA rating list with a store (core/store/storeexchange.h).
#include "core/store/storeexchange.h"

#include "core/formats/boundedfile.h"
#include "core/formats/outputfiles.h"
#include "core/store/store.h"
#include "core/translation.h"

#include <QCoreApplication>
#include <QHash>
#include <QJsonArray>
#include <QJsonDocument>
#include <QSet>
#include <algorithm>
#include <map>

namespace flickdesk::core {
namespace {

using engine::Defect;
using engine::SourceRef;

FLICKDESK_DECLARE_TR_FUNCTIONS(flickdesk::core::EventExchange)

// Where the file names a player: "content.field[3].players[0].name" (the reader sorts the units, so
// the path is found in the file itself).
QString playerNamePath(const QByteArray& bytes, const QString& playerId)
{
    const QJsonArray field = QJsonDocument::fromJson(bytes)
                                 .object()
                                 .value(QStringLiteral("content"))
                                 .toObject()
                                 .value(QStringLiteral("field"))
                                 .toArray();
    for (qsizetype i = 0; i < field.size(); ++i) {
        const QJsonArray players = field.at(i).toObject().value(QStringLiteral("players")).toArray();
        for (qsizetype k = 0; k < players.size(); ++k) {
            if (players.at(k).toObject().value(QStringLiteral("id")).toString() == playerId)
                return QStringLiteral("content.field[%1].players[%2].name").arg(i).arg(k);
        }
    }
    return QStringLiteral("content.field");
}

// DECISIONS G4: each unit's rating for the first stage's seeding, the mean mu of its players in the
// month's lock, as the desk seeded it (core/play/playresults.h playRatings): an awarded event's lock
// is its award's (the lock the award froze); otherwise the month's lock as stored; a player neither
// names has the prior (unseen) rating.
PlayRatings seedingRatings(Store& store, const EventRecord& event, const std::optional<AwardRecord>& award)
{
    QHash<QString, double> mu;
    double unseen = 0.0;
    if (award) {
        for (const LockedRating& rating : award->ratings)
            mu.insert(rating.playerId, rating.mu);
    } else if (const std::optional<MonthLockRatings> lock = store.storedLockFor(event.date)) {
        mu = lock->mu;
        unseen = lock->unseenMu;
    }
    PlayRatings ratings;
    for (const UnitRecord& unit : event.units) {
        if (unit.playerIds.isEmpty())
            continue;
        double sum = 0;
        for (const QString& id : unit.playerIds)
            sum += mu.value(id, unseen);
        ratings[unit.number] = sum / static_cast<double>(unit.playerIds.size());
    }
    return ratings;
}

// The event's day of play as the file carries it (DECISIONS G8), when it has one.
std::optional<EventPlay> playOfEvent(Store& store, const EventRecord& event,
                                     const std::optional<AwardRecord>& award)
{
    if (!store.playSetup(event.id))
        return std::nullopt;
    const engine::play::PlayInput input = store.playInput(event.id, seedingRatings(store, event, award));
    return eventPlayOf(input, engine::play::computePlay(input));
}

// The play section as the file writes it, for comparing a stored play with a file's.
QJsonValue playSection(const std::optional<EventPlay>& play)
{
    EventExchange only;
    only.play = play;
    return eventExchangeContent(only).value(QStringLiteral("play"));
}

} // namespace

EventExchange exchangeOfEvent(Store& store, const QString& eventId)
{
    std::optional<EventRecord> event = store.event(eventId);
    if (!event)
        throw StoreError(StoreError::Kind::Refused,
                         tr("There is no event %1 in %2.").arg(eventId, store.path()));
    EventExchange exchange;
    QStringList ids;
    QSet<QString> listed; // linear in the field, however large
    for (const UnitRecord& unit : event->units) {
        for (const QString& id : unit.playerIds) {
            if (!listed.contains(id)) {
                listed.insert(id);
                ids.append(id);
            }
        }
    }
    exchange.players = store.players(ids);
    exchange.award = store.currentAward(eventId);
    exchange.play = playOfEvent(store, *event, exchange.award);
    exchange.event = std::move(*event);
    exchange.flickdeskVersion = QStringLiteral(FLICKDESK_VERSION);
    return exchange;
}

EventExport exportEvent(Store& store, const QString& eventId, const QString& jsonPath,
                        const QStringList& databases)
{
    EventExport result;
    // Never over the database, its working files or its backups, nor in a folder holding it.
    for (const QString& target : {jsonPath, historyFolderFor(jsonPath)}) {
        if (QString clash = outputClashWithDatabase(target, databases); !clash.isEmpty()) {
            result.error = std::move(clash);
            return result;
        }
    }
    result.exchange = exchangeOfEvent(store, eventId);
    result.error = writeEventExport(result.exchange, jsonPath);
    return result;
}

EventImportResult importEventExchange(Store& store, const QByteArray& bytes, const QString& fileName)
{
    EventImportResult result;
    ParsedEventExchange parsed = parseEventExchange(bytes, fileName);
    result.eventId = parsed.exchange.event.id;
    result.checksumMismatch = parsed.checksumMismatch;
    if (!parsed.defects.empty()) {
        result.defects = std::move(parsed.defects);
        return result;
    }
    const EventExchange& exchange = parsed.exchange;
    if (const std::optional<EventRecord> stored = store.event(exchange.event.id)) {
        // Order carries no meaning in the field's players, the locked ratings or the awards list.
        const std::optional<AwardRecord> storedAward = store.currentAward(exchange.event.id);
        if (stored->sameContent(exchange.event) && stored->status == exchange.event.status &&
            sameAward(storedAward, exchange.award) &&
            playSection(playOfEvent(store, *stored, storedAward)) == playSection(exchange.play)) {
            result.outcome = EventImportResult::Outcome::Unchanged;
            return result;
        }
        result.defects.push_back(
            Defect{SourceRef{fileName.toStdString(), 0}, "content.event.id", exchange.event.id.toStdString(),
                   tr("event %1 is already in the database with other content or another "
                      "award; nothing was imported")
                       .arg(exchange.event.id)
                       .toStdString()});
        return result;
    }
    const std::string file = fileName.toStdString();
    const std::string eventId = exchange.event.id.toStdString();
    const auto refuse = [&](const QString& path, const QString& message) {
        result.defects.push_back(
            Defect{SourceRef{file, 0}, path.toStdString(), eventId, message.toStdString()});
    };
    // An award lists each player once: a second row would be refused by the database.
    if (exchange.award) {
        const auto once = [&](const char* list, const auto& rows) {
            std::map<QString, qsizetype> seen;
            for (qsizetype i = 0; i < static_cast<qsizetype>(rows.size()); ++i) {
                const QString& id = rows[static_cast<std::size_t>(i)].playerId;
                if (const auto [first, inserted] = seen.try_emplace(id, i); !inserted)
                    refuse(QStringLiteral("content.award.%1[%2].player_id").arg(QLatin1String(list)).arg(i),
                           tr("player %1 is listed twice (also at [%2])").arg(id).arg(first->second));
            }
        };
        once("ratings", exchange.award->ratings);
        once("awards", exchange.award->awards);
    }
    // The same event under another id would count twice (in the ratings and the Tour standings).
    if (const std::optional<EventSummary> same = store.sameEventAs(exchange.event))
        refuse(QStringLiteral("content.event.id"), lookalikeMessage(*same));
    // DECISIONS D1: an import never merges two people; a name the database lacks is filled in.
    const std::vector<PlayerRecord> known = [&] {
        QStringList ids;
        for (const PlayerRecord& player : exchange.players)
            ids.append(player.id);
        return store.players(ids);
    }();
    for (const PlayerRecord& player : exchange.players) {
        const auto stored = std::find_if(known.begin(), known.end(),
                                         [&player](const PlayerRecord& p) { return p.id == player.id; });
        if (stored == known.end() || stored->name.trimmed().isEmpty() || player.name.trimmed().isEmpty() ||
            stored->name.simplified().toCaseFolded() == player.name.simplified().toCaseFolded())
            continue;
        refuse(playerNamePath(bytes, player.id),
               tr("player %1 is '%2' here but '%3' in the database; an import never merges two people: "
                  "correct the name in the file or in the database, or give one of them another id")
                   .arg(player.id, player.name, stored->name));
    }
    // DECISIONS G6: the database keeps a place set by hand only with its reason (verify-event names
    // one without; import refuses it).
    if (exchange.play) {
        for (std::size_t i = 0; i < exchange.play->handPlaces.size(); ++i) {
            const engine::play::HandPlace& place = exchange.play->handPlaces[i];
            if (QString::fromStdString(place.reason).trimmed().isEmpty())
                refuse(QStringLiteral("content.play.hand_places[%1].reason").arg(i),
                       tr("the place %1 set by hand for unit %2 has no reason")
                           .arg(place.place)
                           .arg(QString::fromStdString(place.unit)));
        }
    }
    if (!result.defects.empty())
        return result;
    // A location is a player's own data, not the event's: a stored one stays (a missing one is filled in).
    QStringList notes;
    for (const PlayerRecord& player : exchange.players) {
        const auto stored = std::find_if(known.begin(), known.end(),
                                         [&player](const PlayerRecord& p) { return p.id == player.id; });
        if (stored != known.end() && !stored->location.trimmed().isEmpty() &&
            !player.location.trimmed().isEmpty() &&
            stored->location.simplified().toCaseFolded() != player.location.simplified().toCaseFolded())
            notes.append(tr("Player %1 is from '%2' in the file but from '%3' here; '%3' was kept.")
                             .arg(player.id, player.location, stored->location));
    }
    try {
        // DECISIONS G8: the day of play in the same transaction as the event.
        const std::optional<engine::play::PlayInput> play =
            exchange.play ? std::optional(playInputOf(*exchange.play)) : std::nullopt;
        store.addEvent(exchange.event, exchange.players, exchange.award, fileName, play ? &*play : nullptr);
    } catch (const StoreError& error) {
        // Anything else the database refuses of the file is a defect of the file, not a failed write.
        if (error.kind() != StoreError::Kind::Refused)
            throw;
        // Its message names the file already.
        result.defects.push_back(Defect{SourceRef{}, {}, eventId, error.message().toStdString()});
        return result;
    }
    result.outcome = EventImportResult::Outcome::Added;
    result.notes = notes;
    return result;
}

RatingsImportReport importRatingList(Store& store, const QString& file, const QString& month, bool replace)
{
    const BoundedFile input = readBoundedFile(file, file_limits::csvFile);
    if (!input.ok()) {
        RatingsImportReport report;
        report.defects.push_back(
            Defect{SourceRef{file.toStdString(), 0}, {}, {}, input.problem.toStdString()});
        return report;
    }
    ParsedRatingList list = parseRatingList(input.bytes, file);
    if (!list.defects.empty()) {
        RatingsImportReport report;
        report.defects = std::move(list.defects);
        return report;
    }
    return store.importRatings(list.entries, month, replace, file);
}

} // namespace flickdesk::core
