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
//
// The database's areas work over the one connection Store opens (core/store/storeconnection.h); a
// caller that needs one area includes its header and takes that area:
//   core/store/eventdaystore.h  the event day: events, entrants, standings, games
//   core/store/playerstore.h    players: adding, finding, editing, merging
//   core/store/historystore.h   the history, its imports, awards, the audit log, settings
//   core/store/ratingstore.h    rating lists, rating runs, the lock of a month
//   core/store/poolstore.h      rating pools of the other systems
//   core/store/playstore.h      an event's day of play: format, scores, shoot-outs, withdrawals

#include "core/store/eventdaystore.h"
#include "core/store/historystore.h"
#include "core/store/playerstore.h"
#include "core/store/playstore.h"
#include "core/store/poolstore.h"
#include "core/store/ratingstore.h"
#include "core/store/storechange.h"
#include "core/store/storeerror.h"
#include "core/store/storeoptions.h"

#include <QString>
#include <QStringList>
#include <cstdint>
#include <memory>

namespace flickdesk::core {

// One open database, used from one thread at a time. A second Store on the same file, in this
// process or another, opens it read-only.
class Store : public EventDayStore,
              public PlayerStore,
              public HistoryStore,
              public RatingStore,
              public PoolStore,
              public PlayStore {
public:
    static constexpr int latestSchemaVersion = 10;
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
    // isReadOnly() and readOnlyReason() are the connection's (core/store/storeconnection.h).
    bool isHeldByAnother() const; // read-only because another FlickDesk holds the lock
    int schemaVersion() const;
    bool created() const;            // this open made a new database
    OpenCheck openCheck() const;     // whether this open checked the whole file, and why
    QStringList backupsMade() const; // by this open: before a migration, or the day's backup
    QStringList warnings() const;    // what went wrong without stopping the open (a failed daily backup)

    // A consistent copy of the whole database at `target` (the online backup API).
    void backup(const QString& target);

    // PRAGMA integrity_check and foreign_key_check, the schema against the one FlickDesk makes for
    // the database's version (every table, column, index and trigger), and FlickDesk's own rules;
    // one line per problem.
    QStringList check();

    // ---- announcements: `listener` hears what each write touched once its transaction committed
    // (core/store/storechange.h), in this Store's thread; the id removes it. announce() tells the
    // listeners of a change written through another connection (openWorker) once it is reported.
    int addChangeListener(std::function<void(const StoreChange&)> listener);
    void removeChangeListener(int id);
    void announce(const StoreChange& change);

private:
    explicit Store(std::unique_ptr<Private> d);
};

} // namespace flickdesk::core
