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
    // empty when the month has none. Every payout takes lockedRatingsFor's instead.
    std::vector<LockedRating> lockRatings(const QString& month);
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
