#pragma once

// The files FlickDesk exchanges with the NCA:
// - the submission file of one event: JSON with the event, its field, standings or games and its
//   award (the locked ratings, FSI, FDI and every award, DECISIONS P2), FlickDesk's version, and a
//   SHA-256 of the content; written with the same results as a history folder beside it;
// - the NCA's rating list (CSV player_id,name,mu,sigma), imported as a monthly lock.
//
// The readers are pure functions of the bytes and a file name (for messages), so that fuzzers and
// tests call them without files; they never throw on bad input and list every defect.
//
// The submission file (version 1):
//   {"format": "flickdesk-event", "version": 1, "flickdesk": "0.1.0",
//    "content": {"event": {...}, "field": [...], "games": [...], "award": {...} | null},
//    "sha256": "<hex>"}
// sha256 is the SHA-256 of `content` serialised as compact JSON with its keys sorted (as
// QJsonDocument::Compact writes any QJsonObject). Numbers are JSON numbers: whole numbers as such,
// the others in the shortest form that reads back as the same double, so every rating, index and
// award survives the round trip bit for bit. The event's `location` and each field player's
// `location` were added later (issue 14): a file without them reads as one with none.
//
// The file is untrusted (docs/submission-file.md): ids follow the grammar of core/records/identifiers.h; a
// key repeated in an object, text with control or invisible characters or beyond 200 characters, lists beyond
// 100,000 items are refused by their JSON path (core/formats/strictjson.h); so is whatever the database would
// refuse (a player listed twice) and whatever `rate` would refuse of the history folder written beside the
// file (the rules of events.csv, core/formats/historyreader.h).

#include "core/records/awardrecords.h"
#include "core/records/eventrecords.h"
#include "core/records/playerrecords.h"
#include "core/records/ratingrecords.h"

#include <QByteArray>
#include <QJsonObject>
#include <QString>
#include <optional>
#include <vector>

namespace flickdesk::core {

inline constexpr int eventExchangeVersion = 1;

struct EventExchange {
    EventRecord event;
    std::vector<PlayerRecord> players; // the players of the field, with their names where known
    std::optional<AwardRecord> award;  // the current award of an awarded event
    QString flickdeskVersion;          // the FlickDesk that wrote the file
};

// The `content` object of the file.
QJsonObject eventExchangeContent(const EventExchange& exchange);
// SHA-256 (lowercase hex) of the compact serialisation of `content`.
QString contentChecksum(const QJsonObject& content);
// The whole file, indented for people to read.
QByteArray serializeEventExchange(const EventExchange& exchange);

struct ParsedEventExchange {
    EventExchange exchange;              // meaningful only when `defects` is empty
    std::vector<engine::Defect> defects; // by file, line and field (a JSON path)
    bool checksumMismatch = false;       // the content was changed after export: refused outright
};

ParsedEventExchange parseEventExchange(const QByteArray& bytes, const QString& fileName);

// The event as a history folder in the nca-history format (tests/data/nca-history/README.md):
// events.csv, results.csv and, for an event rated from its games, games.csv. A doubles unit's
// team is its unit number; units that never began are left out (DECISIONS P3).
struct HistoryFiles {
    QByteArray events;
    QByteArray results;
    QByteArray games; // empty when the event has no games
};
HistoryFiles historyFilesOf(const EventRecord& event);

struct ParsedRatingList {
    std::vector<RatingListEntry> entries;
    std::vector<engine::Defect> defects; // by file, line and field
};

// An NCA rating list: a header naming player_id, mu and sigma (name optional; any order, any case)
// and one row per player. Ids must be unique, mu a finite number, sigma a finite number above 0.
ParsedRatingList parseRatingList(const QByteArray& bytes, const QString& fileName);

// <FILE without .json>-history beside the JSON file.
QString historyFolderFor(const QString& jsonPath);

// Writes the JSON file and the history folder beside it. Returns an error message, empty on success;
// the JSON file is replaced only when complete.
QString writeEventExport(const EventExchange& exchange, const QString& jsonPath);

} // namespace flickdesk::core
