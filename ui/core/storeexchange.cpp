// The event exchange (core/eventexchange.h) with a store: an event out of it and into it. Apart
// from the file formats so that their readers build, and are fuzzed, without SQLite.
#include "core/eventexchange.h"

#include <QCoreApplication>
#include <QSet>

namespace flickdesk::core {
namespace {

using engine::Defect;
using engine::SourceRef;

QString tr(const char* text)
{
    return QCoreApplication::translate("flickdesk::core::EventExchange", text);
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
    exchange.event = std::move(*event);
    exchange.flickdeskVersion = QStringLiteral(FLICKDESK_VERSION);
    return exchange;
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
        if (*stored == exchange.event && store.currentAward(exchange.event.id) == exchange.award) {
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
    store.addEvent(exchange.event, exchange.players, exchange.award, fileName);
    result.outcome = EventImportResult::Outcome::Added;
    return result;
}

} // namespace flickdesk::core
