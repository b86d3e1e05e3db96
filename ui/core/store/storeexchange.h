#pragma once

// The event exchange (core/formats/eventexchange.h) and the NCA rating list with a store: an event
// out of it and into it, a list into it. Apart from the file formats so that their readers build,
// and are fuzzed, without SQLite.

#include "core/formats/eventexchange.h"

namespace flickdesk::core {

class Store;

// An NCA rating list file (parseRatingList) as the lock of `month`: Store::importRatings of its
// entries, or the defects of the file (nothing written).
RatingsImportReport importRatingList(Store& store, const QString& file, const QString& month, bool replace);

// The exchange of a stored event; StoreError::Refused when there is no such event. An event with a
// day of play carries it (DECISIONS G8: EventPlay), computed from what is stored with the first stage
// seeded as the desk seeded it: on the award's lock for an awarded event, else on the month's lock as
// stored (RatingStore::storedLockFor; a player it does not name, or no lock ready, has the prior).
EventExchange exchangeOfEvent(Store& store, const QString& eventId);

// An event exported for submission to the NCA: what the window's Export and `flickdesk-cli
// export-event` write (exportEvent).
struct EventExport {
    EventExchange exchange; // what was read of the store (empty when the target was refused)
    QString error;          // why nothing was written, or empty: written
};

// Writes the stored event `eventId` as `jsonPath` and its results as the history folder beside it
// (historyFolderFor, writeEventExport). Neither may be, or hold, a database this process has open,
// one of `databases`, or one of their files: refused before the store is read. StoreError when the
// event cannot be read (Refused: there is no such event).
EventExport exportEvent(Store& store, const QString& eventId, const QString& jsonPath,
                        const QStringList& databases = {});

struct EventImportResult {
    enum class Outcome {
        Added,     // written, with its award, in one transaction
        Unchanged, // the database holds the same event and award already
        Refused,   // defects (a checksum that does not match, bad content, a different event of that id)
    };
    Outcome outcome = Outcome::Refused;
    QString eventId;
    std::vector<engine::Defect> defects;
    bool checksumMismatch = false;
    // What the import kept of the database rather than of the file, in words: a player whose
    // location here differs from the file's keeps the one stored (the director edits it if needed).
    QStringList notes;
};

// Verifies the checksum, checks the content, and adds the event to the store, with its day of play
// when the file has one, in one transaction (StoreError when the store cannot be written). A hand-set
// place without its reason is refused by its path (DECISIONS G6).
EventImportResult importEventExchange(Store& store, const QByteArray& bytes, const QString& fileName);

} // namespace flickdesk::core
