#pragma once

// The one SQLite connection the areas of the FlickDesk database share (core/store/store.h): the
// event day (eventdaystore.h), players (playerstore.h), the history and its imports, awards and
// settings (historystore.h), ratings and their locks (ratingstore.h) and pools (poolstore.h). Store
// opens the connection and owns it; each area is a base of Store working on it, and a caller that
// needs one area takes that area. The few reads more than one area needs are here, and the area
// they belong to makes them public.

#include "core/store/storeerror.h"

#include <QString>
#include <memory>

namespace flickdesk::core {

struct HistoryFolder;

class StoreConnection {
public:
    // The connection and its caches (core/store/storeprivate.h).
    struct Private;

    // Whether the database is open read-only, and why (empty when writable): every area asks before
    // it offers a change, so a caller that holds one area can ask too.
    bool isReadOnly() const;
    QString readOnlyReason() const;

protected:
    StoreConnection();
    explicit StoreConnection(std::unique_ptr<Private> d);
    ~StoreConnection();
    StoreConnection(const StoreConnection&) = delete;
    StoreConnection& operator=(const StoreConnection&) = delete;

    // Read by the ratings too (RatingStore); public in HistoryStore.
    // Every finished or awarded event as a history, exactly as readHistoryFolder would read the
    // same events from a folder, with the FlickSkill parameters stored in the settings.
    HistoryFolder loadHistory();
    // SHA-256 (hex) of the history loadHistory() returns: what a rating run was computed from.
    QString historyFingerprint();
    static QString earlierRecreationalChampionsKey(); // value: an array of player ids

    std::unique_ptr<Private> d;
};

} // namespace flickdesk::core
