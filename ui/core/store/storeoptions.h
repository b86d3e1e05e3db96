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
    // The most players' ratings of monthly locks one transaction of storeRatingRun writes, one
    // whole lock at least (a lock is one row, core/store/lockblob.h): what a check-in in the window
    // waits for at most while a Recompute is stored. Tests set a smaller one to write one lock per
    // transaction.
    int lockRowsPerTransaction = 10000;
    // And about the longest such a transaction goes on, in milliseconds (0: no limit): no lock is
    // begun in a transaction after that (the clock is read between locks).
    int lockWriteMilliseconds = 40;
};

} // namespace flickdesk::core
