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
//    "content": {"event": {...}, "field": [...], "games": [...], "award": {...} | null,
//                "play": {...}},
//    "sha256": "<hex>"}
// `play` (issue 28, DECISIONS G8) is there only for an event whose day was played in FlickDesk: a
// file without it (every file of an older desk) reads as before, so the version stays 1. Its layout
// is EventPlay's below and docs/submission-file.md, "The day of play".
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
#include "flickdesk/engine/playday.h"

#include <QByteArray>
#include <QJsonObject>
#include <QString>
#include <cstdint>
#include <optional>
#include <utility>
#include <vector>

namespace flickdesk::core {

inline constexpr int eventExchangeVersion = 1;

// One group's standing as the desk computed it (DECISIONS G2): what a changed score shows in.
struct EventPlayStandingRow {
    engine::play::UnitId unit;
    int rank = 0; // the position in the group, 1-based
    int points = 0;
    int twenties = 0;
    bool operator==(const EventPlayStandingRow&) const = default;
};
struct EventPlayStanding {
    int stage = 0;
    int group = 0;
    std::string name; // "Group A", "Pool B"
    std::vector<EventPlayStandingRow> rows;
};

// The day of play of an event (content.play, DECISIONS G8): what the desk recorded (the format with
// every setting, the seed, the groups set by hand, the ratings the first stage was seeded on, every
// finished game with its sides, board and score, the shoot-out orders, the withdrawals and the places
// set by hand with their reasons), and what it computed from it (each group's standings, every
// place with its rule), so that `verify-event` can compute it again and name what differs. Units
// are the field's unit numbers ("7", as engine::play::UnitId); the file writes them as numbers.
struct EventPlay {
    engine::play::Format format;
    std::uint64_t seed = 0; // written as a string: a JSON number is a double
    std::vector<std::vector<engine::play::UnitId>> handGroups;
    std::vector<std::pair<engine::play::UnitId, double>> ratings; // the first stage's seeding (G4)
    // Every finished game (scored, bye, walkover), in the order of their keys; `wave` is not written.
    std::vector<engine::play::PlayGame> games;
    std::vector<engine::play::ShootOutOrder> shootOuts;
    std::vector<engine::play::Withdrawal> withdrawals;
    std::vector<engine::play::HandPlace> handPlaces;
    std::vector<EventPlayStanding> standings; // the groups of round robins, random rounds and tiers
    std::vector<engine::play::Place> places;  // in place order
};

// The play section of `input` (the desk's recorded play, its units with the ratings they were seeded
// on) and `state` (computePlay of it). Texts are cut to the file's 200 characters.
EventPlay eventPlayOf(const engine::play::PlayInput& input, const engine::play::PlayState& state);
// What `play` recorded as an engine input, without its units (the caller's: the field's units that
// began, with their names and ratings): format, seed, hand groups, a score with its two sides for
// every scored game, shoot-out orders, withdrawals and hand-set places.
engine::play::PlayInput playInputOf(const EventPlay& play);
// The format as the file (and the store's column, playFormatJson of core/store/playstore.h) writes
// it: every setting by name.
QJsonObject playFormatObject(const engine::play::Format& format);

struct EventExchange {
    EventRecord event;
    std::vector<PlayerRecord> players; // the players of the field, with their names where known
    std::optional<AwardRecord> award;  // the current award of an awarded event
    std::optional<EventPlay> play;     // the day of play, when the event has one
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
