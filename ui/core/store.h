#pragma once

// The FlickDesk database: one local SQLite file holding everything a director or ratings officer
// enters (players, events, their fields and results, rating runs and monthly locks, awarded points,
// settings and an audit log). Only this module and core/sqlite.cpp speak SQL; the engine never sees
// it: Store::loadHistory() hands out the same HistoryFolder that a history folder gives.
//
// Safety:
// - Every change is one transaction (WAL journal): a process killed at any moment leaves the file
//   as it was before the change or after it.
// - A file that is not a FlickDesk database, or is damaged, is refused and never written.
// - A lock file beside the database (<file>.lock) keeps a second FlickDesk from writing: it opens
//   the database read-only.
// - Backups with SQLite's online backup API into backups/ beside the file: before every schema
//   migration and once a day at the first open; the newest 7 are kept.

#include "core/historyreader.h"
#include "flickdesk/engine/history.h"
#include "flickdesk/engine/monthlylock.h"

#include <QDateTime>
#include <QJsonObject>
#include <QJsonValue>
#include <QString>
#include <QStringList>
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <stdexcept>
#include <vector>

namespace flickdesk::core {

// planned -> started -> finished -> awarded
enum class EventStatus { Planned, Started, Finished, Awarded };
// registered: signed up, has not begun; started: began competition; withdrawn: began and withdrew,
// so stays in the field and is placed (DECISIONS P3).
enum class EntrantStatus { Registered, Started, Withdrawn };

// The words the database, the files and the command line use: "finished", "withdrawn", "competitive".
// Inline, so that the file readers (core/eventexchange.h) need nothing of the store but its types.
inline QString keyword(EventStatus status)
{
    switch (status) {
    case EventStatus::Planned:
        return QStringLiteral("planned");
    case EventStatus::Started:
        return QStringLiteral("started");
    case EventStatus::Finished:
        return QStringLiteral("finished");
    case EventStatus::Awarded:
        break;
    }
    return QStringLiteral("awarded");
}

inline QString keyword(EntrantStatus status)
{
    switch (status) {
    case EntrantStatus::Registered:
        return QStringLiteral("registered");
    case EntrantStatus::Started:
        return QStringLiteral("started");
    case EntrantStatus::Withdrawn:
        break;
    }
    return QStringLiteral("withdrawn");
}

inline QString keyword(Tour tour)
{
    switch (tour) {
    case Tour::Competitive:
        return QStringLiteral("competitive");
    case Tour::Recreational:
        return QStringLiteral("recreational");
    case Tour::None:
        break;
    }
    return QStringLiteral("none");
}

inline std::optional<EventStatus> eventStatusFromKeyword(const QString& text)
{
    for (const EventStatus status :
         {EventStatus::Planned, EventStatus::Started, EventStatus::Finished, EventStatus::Awarded}) {
        if (text == keyword(status))
            return status;
    }
    return std::nullopt;
}

inline std::optional<EntrantStatus> entrantStatusFromKeyword(const QString& text)
{
    for (const EntrantStatus status :
         {EntrantStatus::Registered, EntrantStatus::Started, EntrantStatus::Withdrawn}) {
        if (text == keyword(status))
            return status;
    }
    return std::nullopt;
}

inline std::optional<Tour> tourFromKeyword(const QString& text)
{
    for (const Tour tour : {Tour::Competitive, Tour::Recreational, Tour::None}) {
        if (text == keyword(tour))
            return tour;
    }
    return std::nullopt;
}

// One unit of an event's field: a player (singles) or a doubles pairing.
struct UnitRecord {
    int number = 0; // 1..N within the event; a doubles unit's team number
    EntrantStatus status = EntrantStatus::Started;
    std::optional<int> place; // the final standing; none before it is known
    QStringList playerIds;    // one, or two partners in seat order
    friend bool operator==(const UnitRecord&, const UnitRecord&) = default;
};

struct GameRecord {
    int number = 0; // 1.. in the order the games were played (DECISIONS N3)
    QStringList sideA;
    QStringList sideB;
    engine::GameOutcome outcome = engine::GameOutcome::WinA;
    friend bool operator==(const GameRecord&, const GameRecord&) = default;
};

// An event with its field, standings and games, as stored.
struct EventRecord {
    QString id;   // the association's event id where there is one (events.csv event_id)
    QString date; // YYYY-MM-DD
    QString name;
    engine::EventFormat format = engine::EventFormat::Singles;
    QString group; // who ran it: NCA, NCA REC, UK, ...
    Tour tour = Tour::None;
    std::optional<int> tier;
    QString season;
    std::optional<int> fieldSize; // as declared (events.csv field_size); units that began otherwise
    bool experimental = false;
    std::optional<double> experimentalCap; // DECISIONS P4: the FSI cap of an experimental format
    EventStatus status = EventStatus::Planned;
    std::vector<UnitRecord> units; // by unit number
    std::vector<GameRecord> games; // by game number

    friend bool operator==(const EventRecord&, const EventRecord&) = default;

    // The same event, whatever its status (re-importing a history must not undo an award).
    bool sameContent(const EventRecord& other) const
    {
        EventRecord mine = *this;
        mine.status = other.status;
        return mine == other;
    }
};

struct PlayerRecord {
    QString id;   // FlickDesk's id: the association's id, or a local one until it has one (D1)
    QString name; // empty when unknown (the NCA history has no names); never unique
    QString associationId;
    QString location;
};

struct LockedRating {
    QString playerId;
    double mu = 0.0;
    double sigma = 0.0;
    friend bool operator==(const LockedRating&, const LockedRating&) = default;
};

struct PlayerAward {
    QString playerId;
    int place = 0;
    double points = 0.0; // rounded to 0.1 when awarded (DECISIONS P8)
    friend bool operator==(const PlayerAward&, const PlayerAward&) = default;
};

// DECISIONS P2: what an event's awarded points were computed from, frozen with them.
struct AwardRecord {
    int revision = 1;  // 1 when first awarded; each re-award adds one
    QString lockMonth; // YYYY-MM: the monthly lock the ratings come from (DECISIONS P1)
    double fsi = 0.0;
    double fdi = 0.0;
    QString awardedAt;                 // ISO 8601, UTC
    QString reason;                    // why it was re-awarded; empty for the first award
    std::vector<LockedRating> ratings; // the locked rating of every player of the field
    std::vector<PlayerAward> awards;   // every player's award (doubles partners each, P9)
    friend bool operator==(const AwardRecord&, const AwardRecord&) = default;
};

struct EventSummary {
    QString id;
    QString date;
    QString name;
    EventStatus status = EventStatus::Planned;
};

struct AuditEntry {
    QString at;
    QString action;
    QString eventId;
    QString details; // JSON
};

// What an import did, or why it did nothing.
struct ImportReport {
    int eventsAdded = 0;
    int eventsUnchanged = 0; // already in the database with identical content: skipped
    int playersAdded = 0;
    int finishes = 0; // player rows of the added events' results
    int games = 0;
    // Every defect, by file, line and field; when there is any, nothing was written (DECISIONS D2).
    std::vector<engine::Defect> defects;
    QStringList defectiveEvents; // the ids of the events with a defect, in the order first named

    bool ok() const noexcept { return defects.empty(); }
};

struct RatingListEntry {
    QString playerId;
    QString name;
    double mu = 0.0;
    double sigma = 0.0;
};

struct RatingsImportReport {
    int players = 0;
    int playersAdded = 0;
    bool replaced = false; // the month had a lock before
    std::vector<engine::Defect> defects;
};

// Thrown by Store operations. The message says what went wrong in words for the user.
class StoreError : public std::runtime_error {
public:
    enum class Kind {
        ReadOnly, // another FlickDesk holds the database: nothing was written
        Refused,  // the request conflicts with the data (an awarded lock, an unknown event)
        Failed,   // SQLite or the file system failed (full disk, I/O error)
    };
    StoreError(Kind kind, const QString& message);
    Kind kind() const noexcept { return kind_; }
    QString message() const { return QString::fromUtf8(what()); }

private:
    Kind kind_;
};

struct StoreOptions {
    QString path; // the database file; Store::defaultPath() when empty
    // The wall clock, for backup names, the daily backup and audit times; tests set their own.
    std::function<QDateTime()> clock;
    int backupsKept = 7;
    // The schema version to bring the file to. Tests make older files with a lower one.
    int schemaVersion = 0; // 0: the latest
    // Open read-only even when no other FlickDesk holds the database.
    bool readOnly = false;
};

// One open database, used from one thread at a time. A second Store on the same file, in this
// process or another, opens it read-only.
class Store {
public:
    static constexpr int latestSchemaVersion = 2;
    // PRAGMA application_id of every FlickDesk database: "FlDk".
    static constexpr std::int32_t applicationId = 0x466C446B;

    // <application data folder>/flickdesk.sqlite (QStandardPaths::AppDataLocation).
    static QString defaultPath();
    // backups/ beside the database.
    static QString backupFolder(const QString& databasePath);
    // The backups of this database, newest first.
    static QStringList backups(const QString& databasePath);

    enum class OpenFailure {
        None,
        NotFlickDesk, // not an SQLite file, or one of another application: refused, not changed
        Damaged,      // a FlickDesk database that fails its integrity check: refused, not changed
        TooNew,       // made by a newer FlickDesk (a schema version this one does not know)
        Busy,         // another FlickDesk holds it, and opening needs a change (creating, upgrading)
        CannotOpen,   // a missing folder, no permission, a failing disk
    };

    struct OpenResult {
        std::unique_ptr<Store> store;
        OpenFailure failure = OpenFailure::None;
        QString error; // for the user: the file, what is wrong, that it was not changed, the newest backup
    };

    // Opens the database, creating it when the file does not exist (or is empty), migrating an
    // older schema (after a backup), and making the day's backup at the first open of a day.
    // Read-only, with readOnlyReason() saying why, when another FlickDesk holds it.
    static OpenResult open(const StoreOptions& options = {});

    ~Store();
    Store(const Store&) = delete;
    Store& operator=(const Store&) = delete;

    QString path() const;
    bool isReadOnly() const;
    QString readOnlyReason() const; // empty when writable
    int schemaVersion() const;
    bool created() const;            // this open made a new database
    QStringList backupsMade() const; // by this open: before a migration, or the day's backup
    QStringList warnings() const;    // what went wrong without stopping the open (a failed daily backup)

    // ---- reading
    std::vector<EventSummary> events(); // by date, then in the order they were added
    std::optional<EventRecord> event(const QString& id);
    std::optional<PlayerRecord> player(const QString& id);
    std::vector<PlayerRecord> players(const QStringList& ids); // those that exist, in the order asked
    int eventCount();
    int playerCount();
    std::optional<AwardRecord> currentAward(const QString& eventId);
    std::vector<AwardRecord> awardRevisions(const QString& eventId); // oldest first
    // The lock of a month (YYYY-MM), by player id; empty when the month has none.
    std::vector<LockedRating> lockRatings(const QString& month);
    std::vector<AuditEntry> auditLog(const QString& eventId = {});
    // Every finished or awarded event as a history, exactly as readHistoryFolder would read the
    // same events from a folder, with the FlickSkill parameters stored in the settings.
    HistoryFolder loadHistory();
    // SHA-256 (hex) of the history loadHistory() returns: what a rating run was computed from.
    QString historyFingerprint();

    // ---- settings (engine parameters, the Finale of each season, earlier Recreational champions)
    QJsonValue setting(const QString& key);
    void setSetting(const QString& key, const QJsonValue& value);
    ParameterOverrides flickSkillParameters();
    static QString finaleKey(const QString& season);  // value: the Finale's event id
    static QString earlierRecreationalChampionsKey(); // value: an array of player ids

    // ---- writing: each one transaction; StoreError::ReadOnly when another FlickDesk holds the file
    // A history folder (tests/data/nca-history/README.md) in one transaction (DECISIONS D2): the
    // events, their fields, standings and games, the players, and params.json into the settings.
    // An event already stored with the same content is skipped; with other content it is a defect.
    ImportReport importHistory(const QString& dir);
    // The report importHistory gives a folder with defects, without a database: the defects and the
    // events they name.
    static ImportReport checkHistory(const HistoryFolder& folder);
    ImportReport importHistory(const HistoryFolder& folder, const QString& origin);
    // An NCA rating list as the lock of `month` (YYYY-MM). A month whose lock an awarded event used
    // is refused unless `replace` (logged in the audit log; the awards stay as they were, P2).
    RatingsImportReport importRatings(const QString& file, const QString& month, bool replace);
    RatingsImportReport importRatings(const std::vector<RatingListEntry>& list, const QString& month,
                                      bool replace, const QString& origin);
    // A computed lock: the run it came from is stored with it.
    void storeComputedLock(const QString& month, const std::vector<LockedRating>& ratings,
                           const QJsonObject& parameters, int iterations, bool converged);
    // Adds an event that is not in the database (StoreError::Refused otherwise), with its players
    // (names filled in only where the database has none) and, when given, its current award.
    void addEvent(const EventRecord& event, const std::vector<PlayerRecord>& players,
                  const std::optional<AwardRecord>& award = std::nullopt, const QString& origin = {});
    void setEventStatus(const QString& eventId, EventStatus status);
    // DECISIONS P2: freezes a finished event's awards with the ratings, FSI and FDI they used.
    void award(const QString& eventId, AwardRecord award);
    // The explicit, logged re-award of an awarded event: a new revision; the earlier stay stored.
    void reaward(const QString& eventId, AwardRecord award, const QString& reason);
    // A consistent copy of the whole database at `target` (the online backup API).
    void backup(const QString& target);

    // PRAGMA integrity_check and foreign_key_check, and FlickDesk's own rules; one line per problem.
    QStringList check();

private:
    struct Private;
    explicit Store(std::unique_ptr<Private> d);
    std::unique_ptr<Private> d;
};

// The award of one event from the awards of `points` (core/tourpoints.h), ready for Store::award.
struct TourEventPoints;
AwardRecord awardRecordOf(const HistoryFolder& folder, const TourEventPoints& event,
                          const std::vector<engine::MonthlyLock>& locks);

} // namespace flickdesk::core
