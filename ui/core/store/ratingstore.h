#pragma once

// Ratings in the FlickDesk database (core/store/store.h): NCA rating lists, rating runs and the
// stored monthly locks, and the lock of a month as every payout takes it.

#include "core/formats/historyreader.h"
#include "core/records/monthlock.h"
#include "core/records/playerrecords.h"
#include "core/records/ratingrecords.h"
#include "core/store/storeconnection.h"
#include "flickdesk/engine/monthlylock.h"

#include <QJsonObject>
#include <QString>
#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <vector>

namespace flickdesk::core {

class RatingRunStore;

class RatingStore : public virtual StoreConnection {
public:
    // The lock of a month (YYYY-MM) as stored (an imported list or a computed lock), by player id;
    // empty when the month has none. Every payout takes core::MonthLocks' instead.
    std::vector<LockedRating> lockRatings(const QString& month);
    // An NCA rating list as the lock of `month` (YYYY-MM). A month whose lock an awarded event used
    // is refused unless `replace` (logged in the audit log; the awards stay as they were, P2).
    RatingsImportReport importRatings(const std::vector<RatingListEntry>& list, const QString& month,
                                      bool replace, const QString& origin);
    // A computed lock: the run it came from is stored with it, and `historyDigest`, the digest of
    // the history before the month (core/formats/historydigest.h; computed from the stored history
    // when empty). With `generation` (historyGeneration() when the history was read), a lock is
    // refused, and nothing written, when the rated history changed since. The lock is written whole
    // in one transaction (one row, core/store/lockblob.h); `stored`, when given, is called after it
    // with its rows twice.
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

    // The lock of the month of `eventDate` (YYYY-MM-DD or YYYY-MM) as stored, when it is ready
    // without computing: the imported list, or a stored computed lock whose history and parameters
    // are unchanged. Reads the lock only (never the whole history). The lock of a month for every
    // caller, computed when it is not stored, is core::MonthLocks' (core/awards/monthlocks.h).
    std::optional<MonthLockRatings> storedLockFor(const QString& eventDate);
    // Whether storedLockFor answers within a few tens of milliseconds: the lock is not stored, or it
    // has at most `rows` players. The window reads a larger lock (a history of a hundred thousand
    // players and more) in the background, as it computes one.
    bool lockIsQuickToRead(const QString& eventDate, int rows = 50000);
    // The stored computed lock of `month` (YYYY-MM), marked stale by a change to the history before
    // it, made fresh again when `historyDigest` (core/formats/historydigest.h) shows that history is
    // the one it was computed from, with these parameters. Whether it was; never on a read-only store.
    bool markLockFresh(const QString& month, const QString& historyDigest, const QJsonObject& parameters);

protected:
    RatingStore() = default;
    ~RatingStore() = default;

private:
    friend class RatingRunStore;
    // beginRatingRun with `players` as pointers to ids (any order, repeats allowed).
    std::unique_ptr<RatingRunStore> beginRatingRun(const QJsonObject& parameters,
                                                   const QString& historyFingerprint, int iterations,
                                                   bool converged, std::optional<qint64> generation,
                                                   std::vector<const QString*> players);
};

// A rating run being stored (RatingStore::beginRatingRun), through its Store and in its thread.
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
    friend class RatingStore;
    RatingRunStore(RatingStore& store, const QJsonObject& parameters, const QString& historyFingerprint,
                   int iterations, bool converged, qint64 expected, std::vector<PlayerRecord> missingPlayers);
    void auditRun(bool complete);

    RatingStore& m_store;
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
