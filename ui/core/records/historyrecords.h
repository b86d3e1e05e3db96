#pragma once

// What an import of a history reports, and the audit log (core/store/historystore.h).

#include "flickdesk/engine/history.h"

#include <QString>
#include <QStringList>
#include <vector>

namespace flickdesk::core {

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
    bool parametersChanged = false; // the folder's params.json changed the stored parameters
    // Every defect, by file, line and field; when there is any, nothing was written (DECISIONS D2).
    std::vector<engine::Defect> defects;
    QStringList defectiveEvents; // the ids of the events with a defect, in the order first named

    bool ok() const noexcept { return defects.empty(); }
};

} // namespace flickdesk::core
