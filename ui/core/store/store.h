#pragma once

// The FlickDesk database: one local SQLite file holding everything a director or ratings officer
// enters (players, events, their fields and results, rating runs and monthly locks, awarded points,
// settings and an audit log). Only this module and core/store/sqlite.cpp speak SQL; the engine never sees
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

#include "core/formats/historyreader.h"
#include "core/records/monthlock.h"
#include "core/records/records.h"
#include "core/store/storechange.h"
#include "core/systems/poolrecords.h"
#include "flickdesk/engine/monthlylock.h"

#include <QDateTime>
#include <QHash>
#include <QJsonObject>
#include <QJsonValue>
#include <QString>
#include <QStringList>
#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <stdexcept>
#include <vector>

namespace flickdesk::core {

// Why an event is refused as `stored` under another id (Store::sameEventAs), in a director's words.
QString lookalikeMessage(const EventSummary& stored);

class RatingRunStore;

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
    // Whether open() may make a new database. Making one is an explicit act: a path that does not
    // exist is otherwise refused (OpenFailure::Missing) and nothing is created, not even its
    // folder. An empty file is not a database either: it is refused unless IfMissingOrEmpty.
    enum class Creation {
        Never,            // only an existing database opens
        IfMissing,        // a new database when nothing is at the path
        IfMissingOrEmpty, // also in place of an empty file
    };
    Creation creation = Creation::IfMissing;
    // Run the quick check of the whole file at this open whatever the day and however the last
    // session ended (flickdesk-cli check); see Store::OpenCheck.
    bool checkOnOpen = false;
    // The most rows of monthly locks one transaction of storeRatingRun writes (a lock larger than
    // that over several): what a check-in in the window waits for at most while a Recompute is
    // stored, measured on two cores at 34 ms for 16 times the NCA's history and 54 ms for 64 times
    // (20,000 rows: 54 and 104 ms; the store took as long either way). Tests set a smaller one to
    // split the NCA's locks.
    int lockRowsPerTransaction = 10000;
    // And about the longest such a transaction goes on, in milliseconds (0: no limit): the rows
    // alone do not bound the wait as the table grows (a check-in waited 104 ms for 10,000 rows at a
    // million finishes, 79 ms with this limit). The clock is read after every 1,000 rows.
    int lockWriteMilliseconds = 40;
};

// What Store::mergePlayer or Store::changePlayerId moved (DECISIONS D1a), so that
// Store::unmergePlayer puts it back while nothing newer depends on it.
struct PlayerMerge {
    PlayerRecord merged; // the local player, as they were
    QString into;
    bool renamed = false; // `into` did not exist: the player took that id (the association's)
    struct Seat {
        QString eventId;
        int unit = 0;
        int seat = 1;
    };
    struct GameSeat {
        QString eventId;
        int game = 0;
        QString side;
        int seat = 1;
    };
    struct AwardRow {
        QString eventId;
        int revision = 1;
    };
    struct LockRow {
        QString month;
        double mu = 0.0;
        double sigma = 1.0;
    };
    std::vector<Seat> entries;
    std::vector<GameSeat> games;
    std::vector<AwardRow> awards;           // awarded points that now name `into` (points unchanged, P2)
    std::vector<AwardRow> awardRatings;     // the locked ratings frozen with an award, likewise
    std::vector<LockRow> locks;             // lock rows that now name `into`
    std::vector<LockRow> droppedLocks;      // the player's rows of months where `into` had one already
    std::optional<QString> championsBefore; // the earlier champions setting, when the player was one
    // "event/revision" of every award naming `into` just after: one made since depends on the merge.
    QStringList awardsAfter;
};

// One open database, used from one thread at a time. A second Store on the same file, in this
// process or another, opens it read-only.
class Store {
public:
    static constexpr int latestSchemaVersion = 6;
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
        Missing,      // nothing at the path, and StoreOptions::creation did not allow making it
    };

    // Whether, and why, an open read the whole file for damage (SQLite's PRAGMA quick_check, about
    // 1 s at a million finishes): a damaged file is refused (OpenFailure::Damaged). Not at every
    // open: at the first open of a calendar day (no backup of today yet; before the day's backup,
    // so that a damaged file is never kept as a good backup), after a session that did not close
    // cleanly, and when StoreOptions::checkOnOpen asks. A new database is not checked.
    enum class OpenCheck {
        Skipped,
        FirstOpenOfDay,
        AfterUncleanClose, // a stale lock file, or a -wal file left beside the database
        Asked,             // StoreOptions::checkOnOpen
    };

    struct OpenResult {
        std::unique_ptr<Store> store;
        OpenFailure failure = OpenFailure::None;
        QString error; // for the user: the file, what is wrong, that it was not changed, the newest backup
    };

    // Opens the database, creating it when the file does not exist (StoreOptions::creation),
    // migrating an older schema (after a backup), and making the day's backup at the first open of a
    // day. Read-only, with readOnlyReason() saying why, when another FlickDesk holds it, or when
    // the file or its folder cannot be written (read-only media): then nothing is written beside
    // it, no lock file, no backup. An open that fails leaves no backup behind and deletes none.
    static OpenResult open(const StoreOptions& options = {});
    // A second connection to this database for a background task: the worker thread opens it, uses
    // it and destroys it, while this Store stays with the GUI thread (one Store per thread, never
    // shared). It is writable when this Store is (this process holds the lock file; WAL lets it
    // read while the other writes, and it waits up to 10 s for the other's write to end) and
    // read-only otherwise. It makes no backup, migrates nothing, takes no lock file and runs no
    // check: this Store did all of that. StoreError::Failed when SQLite cannot open the file.
    std::unique_ptr<Store> openWorker() const;

    ~Store();
    Store(const Store&) = delete;
    Store& operator=(const Store&) = delete;

    QString path() const;
    bool isReadOnly() const;
    QString readOnlyReason() const; // empty when writable
    bool isHeldByAnother() const;   // read-only because another FlickDesk holds the lock
    int schemaVersion() const;
    bool created() const;            // this open made a new database
    OpenCheck openCheck() const;     // whether this open checked the whole file, and why
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
    // The lock of a month (YYYY-MM) as stored (an imported list or a computed lock), by player id;
    // empty when the month has none. Every payout takes lockedRatingsFor's instead.
    std::vector<LockedRating> lockRatings(const QString& month);
    std::vector<AuditEntry> auditLog(const QString& eventId = {});
    // For New Event's proposals (EventEditor). DECISIONS T2: the date of each season's Finale among
    // the stored events: the event the Finale setting names (finaleKey), else the season's latest
    // competitive "WCC Singles" event (as defaultFinale chooses it). A season without one is left out.
    std::map<QString, QString> seasonFinaleDates();
    // The group most stored events of each division carry (of two as common, the one of the later
    // event); a division none of whose stored events has a group is left out.
    std::map<Tour, QString> usualGroups();
    // Every finished or awarded event as a history, exactly as readHistoryFolder would read the
    // same events from a folder, with the FlickSkill parameters stored in the settings.
    HistoryFolder loadHistory();
    // SHA-256 (hex) of the history loadHistory() returns: what a rating run was computed from.
    QString historyFingerprint();
    // The same of a history already read (loadHistory), without reading it again.
    static QString historyFingerprintOf(const HistoryFolder& folder);

    // ---- settings (engine parameters, the Finale of each season, earlier Recreational champions)
    QJsonValue setting(const QString& key);
    void setSetting(const QString& key, const QJsonValue& value);
    ParameterOverrides flickSkillParameters();
    static QString finaleKey(const QString& season);  // value: the Finale's event id
    static QString earlierRecreationalChampionsKey(); // value: an array of player ids

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
    // An NCA rating list as the lock of `month` (YYYY-MM). A month whose lock an awarded event used
    // is refused unless `replace` (logged in the audit log; the awards stay as they were, P2).
    RatingsImportReport importRatings(const std::vector<RatingListEntry>& list, const QString& month,
                                      bool replace, const QString& origin);
    // A computed lock: the run it came from is stored with it, and `historyDigest`, the digest of
    // the history before the month (core/formats/historydigest.h; computed from the stored history
    // when empty). With `generation` (historyGeneration() when the history was read), a lock is
    // refused, and nothing written, when the rated history changed since. A lock of more rows than
    // StoreOptions::lockRowsPerTransaction is written over several transactions as storeRatingRun
    // writes one (the director's writes get in between; no reader takes it half written), each
    // checking the count of changes; refused part way, nothing of it stays. `stored`, when given,
    // is called after each of those transactions with the rows written so far and the rows.
    void storeComputedLock(const QString& month, const std::vector<LockedRating>& ratings,
                           const QJsonObject& parameters, int iterations, bool converged,
                           const QString& historyDigest = {}, std::optional<qint64> generation = std::nullopt,
                           const std::function<void(int, int)>& stored = {});
    // The count of changes to the rated history (events finished or awarded and their results):
    // what a lock computed away from the store checks before it is stored.
    qint64 historyGeneration();
    // The stored computed locks that are `folder`'s (read by loadHistory) with these parameters:
    // those not marked stale, and those whose digest shows the history before their month is
    // unchanged (marked fresh again). By the 1st of their month, over the folder's player indices.
    // With `only`, each month's lock holds only those players (by index, ascending), read one by one:
    // what a caller that needs a few players of many months (Tour points) reads instead of them all.
    using PlayersByMonth = std::map<engine::DayNumber, std::vector<engine::PlayerIndex>>;
    std::map<engine::DayNumber, engine::MonthlyLock>
    reusableLocks(const HistoryFolder& folder, const engine::FlickSkillParameters& parameters,
                  const PlayersByMonth* only = nullptr);
    // A rating run over the whole stored history and the monthly locks it computed: a row of
    // rating_runs and each lock, replacing the month's earlier computed lock. A month whose lock an
    // awarded event used (DECISIONS P2), or whose lock is an imported NCA list
    // (core/records/monthlock.h), keeps it and is reported as kept. StoreError::Refused, and nothing
    // written, when the stored history is no longer the one `historyFingerprint` names (it changed
    // while the run was computed). With `generation` (historyGeneration() when the history was read)
    // that is checked by the count of changes instead, without reading the history again.
    // The locks are written a few months per transaction, so that the window's writes get in between
    // (a worker connection's, Store::openWorker); each transaction checks the count of changes again.
    // Refused after some of them: the months written before stay, each lock whole and with the
    // digest of the history it was computed from. `stored`, when given, is called after each
    // transaction with the locks written so far and the locks to write.
    RatingRunReport storeRatingRun(const QJsonObject& parameters, const QString& historyFingerprint,
                                   int iterations, bool converged, const std::vector<ComputedLock>& locks,
                                   std::optional<qint64> generation = std::nullopt,
                                   const std::function<void(int, int)>& stored = {});
    // The same run stored lock by lock as its locks are computed (the window's Recompute: storing
    // overlaps computing, and no more than the locks not yet stored are held). `players` holds
    // every player the locks may name (those the database lacks are added with the run). Nothing is
    // written until the first RatingRunStore::add; each add is stored as storeRatingRun stores its
    // locks. StoreError::Refused as storeRatingRun refuses; the write lock is never held here.
    std::unique_ptr<RatingRunStore> beginRatingRun(const QJsonObject& parameters,
                                                   const QString& historyFingerprint, int iterations,
                                                   bool converged, std::optional<qint64> generation,
                                                   const std::vector<QString>& players);
    std::vector<RatingRunRecord> ratingRuns(); // newest first
    // Adds an event that is not in the database (StoreError::Refused otherwise, and for a lookalike
    // of a stored event, sameEventAs), with its players and, when given, its current award. A
    // player's name fills in a missing one (logged in the audit log); a player the database knows
    // under another name is refused: an import never merges two people.
    void addEvent(const EventRecord& event, const std::vector<PlayerRecord>& players,
                  const std::optional<AwardRecord>& award = std::nullopt, const QString& origin = {});
    void setEventStatus(const QString& eventId, EventStatus status);
    // DECISIONS P2: freezes a finished event's awards with the ratings, FSI and FDI they used.
    void award(const QString& eventId, AwardRecord award);
    // The explicit, logged re-award of an awarded event: a new revision; the earlier stay stored.
    void reaward(const QString& eventId, AwardRecord award, const QString& reason);
    // A consistent copy of the whole database at `target` (the online backup API).
    void backup(const QString& target);

    // PRAGMA integrity_check and foreign_key_check, the schema against the one FlickDesk makes for
    // the database's version (every table, column, index and trigger), and FlickDesk's own rules;
    // one line per problem.
    QStringList check();

    // ---- the event day. Writes are one transaction each and refused on a read-only store
    // (StoreError::ReadOnly) as every write is; a change to a finished or awarded event is logged in
    // the audit log. StoreError::Refused, with the reason in words, for a request the data forbids.

    // A new planned event with a local id ("L1", "L2", ...; never one an import uses).
    QString createEvent(const EventDraft& draft);
    // Name, date, format, tier, Tour division, group, season and experimental cap; not the status.
    void updateEvent(const QString& eventId, const EventDraft& draft);

    // DECISIONS D1: a new player. Its id is the association's when given (refused when a player
    // has that id already), otherwise a local one until the association assigns one: "L", the
    // database's desk tag, "-" and a number ("L7KQX-1", ...), so that the players two desks add
    // never share an id. Players added before desk tags keep their ids ("L1", ...).
    // Names are not unique.
    QString addPlayer(const QString& name, const QString& location, const QString& associationId = {});
    // Puts back a player that removePlayer removed (an undo's redo), with the same id.
    void restorePlayer(const PlayerRecord& player);
    // Removes a player nothing refers to (no entry, lock, award): the undo of addPlayer.
    void removePlayer(const QString& playerId);
    // Players whose id (or association id) begins with `text`, or whose name contains it, in any
    // case: an exact id first, then id prefixes, names beginning with it, names containing it.
    // From an index kept in memory: no query per keystroke.
    std::vector<PlayerMatch> searchPlayers(const QString& text, int limit = 20);

    // ---- a player's edits after they were added (core/store/storeplayers.cpp): one transaction each,
    // logged in the audit log; StoreError::Refused with the reason in words.
    // DECISIONS D1: a local id FlickDesk gave ("L7KQX-3", or "L1" before desk tags).
    static bool isLocalPlayerId(const QString& id);
    // A misspelt name, a new location. Every entry shows the new name at once (it is the player's).
    void editPlayer(const QString& playerId, const QString& name, const QString& location);
    // DECISIONS D1a: a local player's id becomes the association's (Assign: "L7KQX-3" -> "1748",
    // stored as the association id too), before or after an award: every entry, game, award and
    // lock row moves, no points change. Refused for an id that exists (merge instead) or breaks the
    // id grammar (core/records/identifiers.h), and for a player that is not local. Undo renames a
    // local id back, without the checks of unmergePlayer.
    enum class PlayerIdChange { Assign, Undo };
    PlayerMerge changePlayerId(const QString& playerId, const QString& newId,
                               PlayerIdChange change = PlayerIdChange::Assign);
    // DECISIONS D1a: a local player who turns out to be `intoId`, before or after an award: every
    // entry, game, award and lock row moves to `intoId` (points unchanged) and the local player goes.
    // Refused, naming the event, when both played in one event.
    PlayerMerge mergePlayer(const QString& playerId, const QString& intoId);
    // The undo of mergePlayer or changePlayerId: the local player and exactly their rows back;
    // refused, naming the event, once something newer depends on it (an award since naming
    // `into`, an entry of the new id since).
    void unmergePlayer(const PlayerMerge& merge);
    // Gives every player without a name the one `nameOf` gives (the sample history's fictional
    // names), in one transaction logged once; returns how many were named.
    int namePlayers(const std::function<QString(const QString& playerId)>& nameOf, const QString& origin);

    // A new entrant of one player (singles) or one or two (doubles; pair them later): its number.
    // A player is at most once in an event.
    int addEntrant(const QString& eventId, const QStringList& playerIds,
                   EntrantStatus status = EntrantStatus::Registered);
    // Refused while a game of the event names one of its players.
    void removeEntrant(const QString& eventId, int unit);
    // Refused (Started or Withdrawn) for a doubles unit of one player: pair a partner first.
    void setEntrantStatus(const QString& eventId, int unit, EntrantStatus status);
    // Several entrants at once, in one transaction: all of them, or none when one is refused.
    void setEntrantStatuses(const QString& eventId, const std::vector<int>& units, EntrantStatus status);
    // Doubles: the single player of `partnerUnit` joins `unit` as its second partner; `partnerUnit`
    // goes (with any place it had). The team keeps `unit`'s number; it began if either had.
    int pairPartners(const QString& eventId, int unit, int partnerUnit);
    // The players of a unit: one (singles), one or two (doubles).
    void setTeam(const QString& eventId, int unit, const QStringList& playerIds);
    // Puts entrants back exactly as given (players, status, place and listed position): each one
    // replaces the entrant of its number or is added with it. The undo of the edits above.
    void restoreEntrants(const QString& eventId, const std::vector<Entrant>& entrants);
    std::vector<Entrant> entrants(const QString& eventId); // by number
    std::optional<Entrant> entrant(const QString& eventId, int unit);

    // The final standings, replacing any earlier: each unit's place, in the order listed (kept:
    // DECISIONS N4 breaks a tie by it). Equal places are stored; core::validateResults reports them
    // (core/awards/awarding.h).
    void setStandings(const QString& eventId, const std::vector<Placing>& listed);
    std::vector<Placing> standings(const QString& eventId); // in listed order
    // DECISIONS N3: the event's head-to-head games, replacing any earlier; numbered 1.. as given.
    void setGames(const QString& eventId, const std::vector<GameRecord>& games);

    // The lock of the month of `eventDate` (YYYY-MM-DD or YYYY-MM), for every caller: the NCA list
    // imported for the month, or else the lock computed from the stored history, stored as it is
    // first used (the rule: core/records/monthlock.h). Cached per month until the history, its parameters
    // or the month's stored lock change.
    MonthLockRatings lockedRatingsFor(const QString& eventDate);
    // The same when it is ready without computing: the imported list, or a stored computed lock
    // whose history and parameters are unchanged. Reads the lock only (never the whole history):
    // the window asks this first and computes a missing lock in the background.
    std::optional<MonthLockRatings> storedLockFor(const QString& eventDate);
    // Whether storedLockFor answers within a few tens of milliseconds: the lock is in memory, or it
    // is not stored, or it has at most `rows` players. The window reads a larger lock (a history of
    // a hundred thousand players and more) in the background, as it computes one.
    bool lockIsQuickToRead(const QString& eventDate, int rows = 50000);
    // A lock computed away from this Store (a worker connection, from the history as it was at
    // `generation` with these parameters) into its memory cache, so that lockedRatingsFor does not
    // compute it again. Ignored when the rated history or the parameters changed since, or the
    // month has an imported list (that is its lock). Whether it was taken.
    bool rememberLock(const MonthLockRatings& ratings, qint64 generation, const QJsonObject& parameters);
    // Locks were written through another connection (a worker's rating run): the locks kept in
    // memory are read again at their next use.
    void locksChangedElsewhere();

    // ---- announcements: `listener` hears what each write touched once its transaction committed
    // (core/store/storechange.h), in this Store's thread; the id removes it. announce() tells the
    // listeners of a change written through another connection (openWorker) once it is reported.
    int addChangeListener(std::function<void(const StoreChange&)> listener);
    void removeChangeListener(int id);
    void announce(const StoreChange& change);

    // ---- rating pools of the other systems (see PoolSummary). Writes are one transaction each,
    // logged in the audit log, refused on a read-only store (StoreError::ReadOnly). A change of
    // players or games is first checked: the pool with the change is run through runSystem(), and
    // when that gives any defect the change is not written and the PoolChange names each defect.
    std::vector<PoolSummary> pools(); // by name
    std::optional<PoolSummary> pool(qint64 poolId);
    // StoreError::Refused for an empty or taken name or a kind that is not one of poolKinds().
    qint64 createPool(SystemKind kind, const QString& name);
    void renamePool(qint64 poolId, const QString& name);
    void deletePool(qint64 poolId);         // with its players and games
    PoolContent poolContent(qint64 poolId); // StoreError::Refused when there is no such pool
    // runSystem() over the pool's stored rows.
    SystemResult poolResult(qint64 poolId);
    // A player row in the pool's player columns (systemPlayerColumns).
    PoolChange addPoolPlayer(qint64 poolId, const QStringList& fields);
    // One game: one row in the game columns, or (Squares) one row per player.
    PoolChange addPoolGame(qint64 poolId, const QList<QStringList>& rows);
    // Refused (with the defects) when the pool without it is not valid input any more.
    PoolChange deletePoolGame(qint64 poolId, int game);
    // A players file and a games file (either may be empty) added to the pool in one transaction;
    // the columns are found by name in each file's header; defects name the file and its line.
    // Squares rows sharing the value of the games file's `game` column form one game.
    PoolChange importPool(qint64 poolId, const QByteArray& players, const QString& playersFile,
                          const QByteArray& games, const QString& gamesFile);

private:
    friend class RatingRunStore;
    // beginRatingRun with `players` as pointers to ids (any order, repeats allowed).
    std::unique_ptr<RatingRunStore> beginRatingRun(const QJsonObject& parameters,
                                                   const QString& historyFingerprint, int iterations,
                                                   bool converged, std::optional<qint64> generation,
                                                   std::vector<const QString*> players);
    struct Private;
    explicit Store(std::unique_ptr<Private> d);
    std::unique_ptr<Private> d;
};

// A rating run being stored (Store::beginRatingRun), through its Store and in its thread.
class RatingRunStore {
public:
    RatingRunStore(const RatingRunStore&) = delete;
    RatingRunStore& operator=(const RatingRunStore&) = delete;
    // A run stored in part and never finished (cancelled, or after a failure) is logged in the
    // audit log as stopped; the months written stay, each lock whole.
    ~RatingRunStore();

    // Stores `locks` as storeRatingRun does: the run with the first of them, then each kept (P2,
    // an imported list), found unchanged and attributed to the run, or written in turns, each
    // transaction checking the history's count of changes. `stored` as storeRatingRun's, for these
    // locks. After a StoreError (thrown on) nothing more is stored: later calls do nothing.
    void add(const std::vector<const ComputedLock*>& locks, const std::function<void(int, int)>& stored = {});
    // Stores the run if no lock came, and logs it in the audit log. The months, sorted.
    RatingRunReport finish();
    // What was stored so far.
    const RatingRunReport& report() const { return m_report; }
    bool failed() const { return m_failed; }

private:
    friend class Store;
    RatingRunStore(Store& store, const QJsonObject& parameters, const QString& historyFingerprint,
                   int iterations, bool converged, qint64 expected, std::vector<PlayerRecord> missingPlayers);
    void auditRun(bool complete);

    Store& m_store;
    QJsonObject m_parameters;
    QString m_fingerprint;
    int m_iterations = 0;
    bool m_converged = false;
    qint64 m_expected = 0;                      // the history's count of changes the run was computed from
    std::vector<PlayerRecord> m_missingPlayers; // added with the run
    QString m_now;                              // the run's and its locks' created_at
    RatingRunReport m_report;
    bool m_begun = false; // the run is stored
    bool m_failed = false;
    bool m_audited = false;
};

} // namespace flickdesk::core