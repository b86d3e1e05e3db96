#pragma once

// The history of the FlickDesk database (core/store/store.h): the rated events as a history, its
// imports, awards, the audit log and the settings.

#include "core/formats/historyreader.h"
#include "core/records/awardrecords.h"
#include "core/records/eventrecords.h"
#include "core/records/historyrecords.h"
#include "core/records/playerrecords.h"
#include "core/store/storeconnection.h"

#include <QJsonValue>
#include <QString>
#include <map>
#include <optional>
#include <vector>

namespace flickdesk::engine::play {
struct PlayInput;
}

namespace flickdesk::core {

// Why an event is refused as `stored` under another id (Store::sameEventAs), in a director's words.
QString lookalikeMessage(const EventSummary& stored);

class HistoryStore : public virtual StoreConnection {
public:
    std::optional<AwardRecord> currentAward(const QString& eventId);
    std::vector<AwardRecord> awardRevisions(const QString& eventId); // oldest first
    std::vector<AuditEntry> auditLog(const QString& eventId = {});
    // For New Event's proposals (EventEditor). DECISIONS T2: the date of each season's Finale among
    // the stored events: the event the Finale setting names (finaleKey), else the season's latest
    // competitive "WCC Singles" event (as defaultFinale chooses it). A season without one is left out.
    std::map<QString, QString> seasonFinaleDates();
    // The group most stored events of each division carry (of two as common, the one of the later
    // event); a division none of whose stored events has a group is left out.
    std::map<Tour, QString> usualGroups();
    using StoreConnection::historyFingerprint;
    using StoreConnection::loadHistory;
    // The same of a history already read (loadHistory), without reading it again.
    static QString historyFingerprintOf(const HistoryFolder& folder);

    // ---- settings (engine parameters, the Finale of each season, earlier Recreational champions)
    QJsonValue setting(const QString& key);
    void setSetting(const QString& key, const QJsonValue& value);
    ParameterOverrides flickSkillParameters();
    static QString finaleKey(const QString& season); // value: the Finale's event id
    using StoreConnection::earlierRecreationalChampionsKey;

    // ---- writing: each one transaction; StoreError::ReadOnly when another FlickDesk holds the file
    // A history folder (tests/data/nca-history/README.md) in one transaction (DECISIONS D2): the
    // events, their fields, standings and games, the players, and params.json into the settings.
    // An event already stored with the same content is skipped; with other content it is a defect,
    // as is an event that is a stored one (or another of the folder) under another id (sameEventAs).
    // A params.json that would change the stored FlickSkill parameters is a defect unless
    // `acceptParameters` (then the change is written to the audit log); a database with no events
    // and no parameters yet takes them, logged too.
    ImportReport importHistory(const QString& dir, bool acceptParameters = false);
    // The report importHistory gives a folder with defects, without a database: the defects and the
    // events they name.
    static ImportReport checkHistory(const HistoryFolder& folder);
    ImportReport importHistory(const HistoryFolder& folder, const QString& origin,
                               bool acceptParameters = false);
    // The stored event, under another id than `event`'s, that is the same event: the same date, the
    // same name (in any case and spacing) and the same field (the same units of the same players,
    // in any order). An import refuses such a lookalike: it would count twice.
    std::optional<EventSummary> sameEventAs(const EventRecord& event);
    // This database's desk tag: four letters and digits, made at random when the first local
    // player id needs it (addPlayer); empty until then.
    QString deskTag();
    // Adds an event that is not in the database (StoreError::Refused otherwise, and for a lookalike
    // of a stored event, sameEventAs), with its players and, when given, its current award. A
    // player's name fills in a missing one (logged in the audit log); a player the database knows
    // under another name is refused: an import never merges two people. `play`, when given, is the
    // event's recorded day of play (DECISIONS G8), written in the same transaction (insertWholePlay).
    void addEvent(const EventRecord& event, const std::vector<PlayerRecord>& players,
                  const std::optional<AwardRecord>& award = std::nullopt, const QString& origin = {},
                  const engine::play::PlayInput* play = nullptr);
    // DECISIONS P2: freezes a finished event's awards with the ratings, FSI and FDI they used.
    void award(const QString& eventId, AwardRecord award);
    // The explicit, logged re-award of an awarded event: a new revision; the earlier stay stored.
    void reaward(const QString& eventId, AwardRecord award, const QString& reason);

protected:
    HistoryStore() = default;
    ~HistoryStore() = default;
};

} // namespace flickdesk::core
