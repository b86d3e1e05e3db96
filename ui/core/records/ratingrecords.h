#pragma once

// Locked ratings, NCA rating lists and rating runs as FlickDesk stores them
// (core/store/ratingstore.h). The lock of a month as the payout takes it: core/records/monthlock.h.

#include "flickdesk/engine/history.h"

#include <QJsonObject>
#include <QString>
#include <QStringList>
#include <vector>

namespace flickdesk::core {

struct LockedRating {
    QString playerId;
    double mu = 0.0;
    double sigma = 0.0;
    friend bool operator==(const LockedRating&, const LockedRating&) = default;
};

struct RatingListEntry {
    QString playerId;
    QString name;
    double mu = 0.0;
    double sigma = 0.0;
    int line = 0; // in the file, for messages
};

struct RatingsImportReport {
    int players = 0;
    int playersAdded = 0;
    bool replaced = false; // the month had a lock before
    std::vector<engine::Defect> defects;
};

// The monthly lock of one month as a rating run computed it (DECISIONS P1).
struct ComputedLock {
    QString month; // YYYY-MM
    std::vector<LockedRating> ratings;
    // SHA-256 of the history before the month and the parameters (core/formats/historydigest.h):
    // the lock is reused while it is unchanged.
    QString historyDigest;
};

// A row of rating_runs: one FlickSkill run over the stored history and the locks it wrote.
struct RatingRunRecord {
    qint64 id = 0;
    QString createdAt; // ISO 8601, UTC
    QJsonObject parameters;
    QString historyFingerprint; // Store::historyFingerprint() of the history it rated
    int iterations = 0;
    bool converged = false;
    QStringList lockMonths; // the locks it wrote that are still stored, ascending
};

struct RatingRunReport {
    qint64 runId = 0;
    QStringList written;   // months whose lock the run wrote (replacing any earlier one)
    QStringList unchanged; // months whose computed lock already held these ratings: now the run's
    QStringList kept;      // months whose lock an award used (P2) or is an imported NCA list: as they were
};

} // namespace flickdesk::core
