#pragma once

// How Store::open opens the FlickDesk database (core/store/store.h).

#include <QDateTime>
#include <QString>
#include <functional>

namespace flickdesk::core {

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

} // namespace flickdesk::core
