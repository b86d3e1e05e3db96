#pragma once

// Recomputing FlickSkill in the background (CODING_GUIDELINES.md "Long work"): a RecomputeJob is a
// QRunnable with a cancel token and a progress signal, run in a QThreadPool; the engine takes the
// progress callback and the token and knows nothing of threads. Given a worker connection (Store::openWorker)
// a job reads its input, reuses the stored locks that are still the history's (Store::reusableLocks)
// and stores the run, all in its own thread: the GUI thread never reads the history. Given a
// RecomputeInput (RecomputeJob::readInput on the caller's thread) it computes only, and the caller
// stores the result.
//
// A RatingRun is the result: the stored history, the run over it (DECISIONS N5, N6) and, for a
// full recompute, the monthly locks (P1) and what they would change for awarded events (P2). The
// ratings list and the player page show a RatingRun; a ratings-only run (no locks) is what they
// compute for themselves.

#include "core/awards/tourlocks.h"
#include "core/formats/historyreader.h"
#include "core/records/awardrecords.h"
#include "core/records/ratingrecords.h"
#include "core/store/storefwd.h"
#include "flickdesk/engine/flickskill.h"
#include "flickdesk/engine/monthlylock.h"
#include "models/backgroundpool.h"
#include "models/ratings/ratingslistmodel.h"

#include <QCoreApplication>
#include <QDate>
#include <QDateTime>
#include <QFuture>
#include <QHash>
#include <QJsonObject>
#include <QObject>
#include <QPromise>
#include <QRunnable>
#include <QString>
#include <QThreadPool>
#include <condition_variable>
#include <functional>
#include <memory>
#include <mutex>
#include <optional>
#include <set>
#include <type_traits>
#include <vector>

namespace flickdesk::ui {

// One awarded event's frozen award beside what the recomputed lock of its month would pay.
// DECISIONS P2: shown to the ratings officer, never applied.
struct LockDifference {
    QString eventId;
    QString eventName;
    QString date;      // YYYY-MM-DD
    QString lockMonth; // YYYY-MM
    double oldFsi = 0.0;
    double oldFdi = 0.0;
    double oldWinnerPoints = 0.0; // the award of place 1, as frozen
    double newFsi = 0.0;
    double newFdi = 0.0;
    double newWinnerPoints = 0.0; // rounded to 0.1 like an award (DECISIONS P8)
};

// An awarded event as the job needs it: its frozen award and the settings its payout used.
struct AwardedEvent {
    QString eventId;
    core::AwardRecord award;
    std::optional<double> experimentalCap; // DECISIONS P4
};

// Everything a run needs, read from the store on the GUI thread.
struct RecomputeInput {
    core::HistoryFolder folder;
    engine::FlickSkillParameters parameters;
    QJsonObject parametersJson; // the parameters as stored with the run (params.json keys)
    QString historyFingerprint; // empty for a ratings-only run: it is never stored
    // Store::historyGeneration, read before the history: what a view compares with the store's to
    // know whether its figures are older than the history (historyStaleness).
    std::optional<qint64> generation;
    QDateTime readAt; // when the history was read
    QHash<QString, QString> names;
    std::vector<AwardedEvent> awarded;
    bool computeLocks = false;
    QDate today;              // the lock of the current month is computed too (the lock upcoming events use)
    unsigned lockThreads = 0; // worker threads for the locks; 0: one per core
};

struct RatingRun {
    core::HistoryFolder folder;
    engine::FlickSkillParameters parameters;
    QJsonObject parametersJson;
    QString historyFingerprint;
    std::optional<qint64> generation; // the history's count of changes when it was read
    QDateTime readAt;                 // when the history was read
    QHash<QString, QString> names;
    engine::FlickSkillResult result;
    // Per player index, the indices of the events they played (into folder.events), by date.
    std::vector<std::vector<std::size_t>> playerEvents;
    // The rating list's rows (ratingRows), made by the job in its thread: the window only shows them.
    std::vector<PlayerRatingRow> listRows;
    // A full recompute only: the locks by month, ascending, and their effect on awarded events.
    // With a worker connection, which stores each lock as soon as it is computed and lets it go,
    // only the locks of the months awarded events were paid from.
    std::vector<engine::MonthlyLock> locks;
    std::vector<LockDifference> lockDifferences;

    std::optional<engine::PlayerIndex> playerIndex(const QString& playerId) const;
    QString playerId(engine::PlayerIndex player) const;
    QString name(const QString& playerId) const { return names.value(playerId); }
    // DECISIONS N6: the posterior at the player's latest batch; the prior for an unseen player.
    engine::Gaussian rating(engine::PlayerIndex player) const { return result.rating(player, parameters); }
};

using RatingRunPtr = std::shared_ptr<const RatingRun>;

// The rows of every player who played at least one event of the run's history, ranked by player id
// and in the rating list's first order (the strongest first).
std::vector<PlayerRatingRow> ratingRows(const RatingRun& run);

// Whether a run's figures are older than the stored history: its count of changes
// (Store::historyGeneration) is no longer the store's. A run of unknown count is taken as current.
struct HistoryStaleness {
    bool stale = false;
    int eventsAdded = 0;    // finished or awarded events stored now that the run did not rate
    int eventsRemoved = 0;  // events the run rated that are no longer finished or awarded
    QDateTime computedFrom; // when the run read the history (RatingRun::readAt)

    // In a director's words, e.g. "These ratings are from before 2 events were added (computed
    // 2026-11-20 14:02)."; empty when current. `what` is "ratings" or "figures".
    QString text(const QString& what) const;
    bool operator==(const HistoryStaleness&) const = default;
};
// Reads the store's count of changes and, only when it differs from the run's, the events stored
// now (Store::events): cheap enough for each change the window announces. Never throws: a store
// that cannot be read leaves the run as it is shown.
HistoryStaleness historyStaleness(core::Store& store, const RatingRun& run);

// "YYYY-MM" of a day, and the QDate of a day number.
QString monthKey(engine::DayNumber day);
QDate dateOf(engine::DayNumber day);
engine::DayNumber dayOf(const QDate& date);

class RecomputeJob final : public QObject, public QRunnable {
    Q_OBJECT

public:
    enum class Mode {
        RatingsOnly, // the run over the history: what the ratings list and the player page show
        Full,        // also every monthly lock (P1) and the differences for awarded events (P2)
    };

    // Reads the stored history, its parameters, the players' names and, for a full recompute, the
    // awarded events and the history's fingerprint. Throws StoreError.
    static RecomputeInput readInput(core::Store& store, Mode mode, const QDate& today = QDate::currentDate());

    explicit RecomputeJob(RecomputeInput input, QObject* parent = nullptr);
    // A job that reads its input through `worker` (Store::openWorker) in the pool thread and, for a
    // full recompute, computes only the locks that are not reusable (an imported NCA list is never
    // computed; a month an award used is computed for the differences shown when its stored lock
    // is no longer the history's, P2) and stores the run and its locks through `worker`, a few
    // months per transaction (Store::storeRatingRun, each checked by the history's count of changes).
    RecomputeJob(std::unique_ptr<core::Store> worker, Mode mode, const QDate& today = QDate::currentDate(),
                 unsigned lockThreads = 0, QObject* parent = nullptr);
    ~RecomputeJob() override; // cancels and waits for a running job

    // Queues the job on `pool`. A job runs once.
    void start(QThreadPool* pool = backgroundPool());
    // Asks the engine to stop at its next check (between batches); finished() follows soon.
    void cancel();
    // Blocks until a started job has finished (or was taken off the pool's queue unstarted).
    void wait();
    // Cancels the job and lets it go without waiting: deleted (in its own thread, the GUI's) once it
    // has finished, at once when it is not running. A job that reads the history through its own
    // connection cannot stop in the middle of the read; the window does not wait for it.
    void deleteWhenFinished();
    bool isRunning() const;

    // After finished(): the run, or nothing when it was cancelled or failed.
    RatingRunPtr result() const { return m_result; }
    bool wasCancelled() const { return m_cancelled; }
    QString errorString() const { return m_error; }
    // A job with a worker connection, after finished(): whether the run was stored, what was written
    // (or why it was not: storeError), how many locks it computed and reused, and how long reading
    // and storing took (milliseconds).
    bool wasStored() const { return m_stored; }
    const core::RatingRunReport& report() const { return m_report; }
    QString storeError() const { return m_storeError; }
    int locksComputed() const { return m_locksComputed; }
    int locksReused() const { return m_locksReused; }
    double readMilliseconds() const { return m_readMs; }
    double storeMilliseconds() const { return m_storeMs; }

    void run() override;

Q_SIGNALS:
    // From the worker thread, delivered queued: `value` of `maximum` steps and what is being done.
    void progress(int value, int maximum, const QString& step);
    void finished();

private:
    // What the full recompute's locks need once the run is done.
    struct LockPlan {
        std::vector<engine::DayNumber> months;   // to lock: not reused, not imported
        std::vector<engine::MonthlyLock> reused; // stored locks still the history's
        std::set<QString> keptInMemory;          // the months awarded events were paid from (P2)
        QStringList importedMonths;              // an NCA list is their lock: reported as kept
        std::optional<qint64> generation;        // the history's count of changes when it was read
        int sweeps = 0;                          // the bar's steps before the locks
        int total = 0;                           // and all of them
    };
    // The locks of `plan.months` computed (or taken from the run when every event is before them,
    // engine::lockAfterHistory) and, with a worker connection, each stored with the run as soon as
    // it is done (Store::beginRatingRun), then let go unless kept in memory; the reused ones are
    // attributed to the run last. run.locks holds what is kept, by month. False when cancelled:
    // what was stored before stays, each lock whole.
    bool lockMonths(RatingRun& run, LockPlan plan);

    RecomputeInput m_input;
    std::unique_ptr<core::Store> m_worker; // used in the pool thread only
    Mode m_mode = Mode::Full;
    QDate m_today;
    bool m_stored = false;
    core::RatingRunReport m_report;
    QString m_storeError;
    int m_locksComputed = 0;
    int m_locksReused = 0;
    double m_readMs = 0.0;
    double m_storeMs = 0.0;
    engine::CancelToken m_cancel;
    QThreadPool* m_pool = nullptr;
    RatingRunPtr m_result;
    bool m_cancelled = false;
    QString m_error;
    mutable std::mutex m_mutex;
    std::condition_variable m_done;
    bool m_started = false;
    bool m_running = false;
    bool m_deleteWhenFinished = false;
};

// A job owned by a view: dropping it (reset, replaced, the view destroyed) lets it finish on its own
// (RecomputeJob::deleteWhenFinished) instead of waiting for it on the GUI thread.
struct DeleteRecomputeJobWhenFinished {
    void operator()(RecomputeJob* job) const { job->deleteWhenFinished(); }
};
using RecomputeJobHandle = std::unique_ptr<RecomputeJob, DeleteRecomputeJobWhenFinished>;

// What the ratings list and the player page compute for themselves: a ratings-only job that reads
// the stored history through a connection of its own (Store::openWorker), in its thread, so that
// the window never waits for the whole history to be read. Kept in `slot` (the job there before is
// let go); `shown` gets the run of the job still in `slot` when it ends, `failed` why there is none,
// both on `context`'s thread.
void startRatingsOnlyJob(core::Store& store, RecomputeJobHandle& slot, QObject* context,
                         const std::function<void(RatingRunPtr)>& shown,
                         const std::function<void(const QString&)>& failed);

// `object` shared, and freed on a pool thread by whoever lets it go last: what the window's thread
// lets go of is often large (at a million finishes a history, a run or a season's locks), and
// freeing it there had blocked the event loop for 226 ms (bench_recompute). Freed at once when the
// application is closing down.
template <typename T> std::shared_ptr<T> freedInPool(T* object)
{
    return std::shared_ptr<T>(object, [](T* done) {
        if (QCoreApplication::instance() != nullptr && !QCoreApplication::closingDown())
            backgroundPool()->start([done] { delete done; });
        else
            delete done;
    });
}

// Runs `work` on `pool` and returns the future of its result, for a QFutureWatcher on the GUI
// thread. `work` must own its data (copies, not references to widgets or the store).
template <typename Work>
auto runInThreadPool(Work work, QThreadPool* pool = backgroundPool()) -> QFuture<std::invoke_result_t<Work&>>
{
    using Result = std::invoke_result_t<Work&>;
    auto promise = std::make_shared<QPromise<Result>>();
    QFuture<Result> future = promise->future();
    promise->start();
    pool->start([promise, work = std::move(work)]() mutable {
        promise->addResult(work());
        promise->finish();
    });
    return future;
}

// The stored history read through a connection of its own (Store::openWorker) in the pool: what a
// view of the whole history reads without keeping the window waiting (at a million finishes
// reading it took the Tour views' window 2.3 s). `error` says why there is no folder.
struct LoadedHistory {
    std::shared_ptr<const core::HistoryFolder> folder;
    qint64 generation = 0; // Store::historyGeneration before the folder was read
    QString error;
};
QFuture<LoadedHistory> loadHistoryInBackground(core::Store& store);

// The monthly locks a Tour view had to compute (the standings, the Tier report), stored in the pool
// through a connection of their own (core::storeComputedTourLocks): the view shows its result
// without waiting for them, and the next view, or `flickdesk-cli`, reads them instead. The locks are
// freed in the pool. The future gives how many were stored; 0 when the store refused them all or
// could not be opened (storing saves time only).
QFuture<int> storeTourLocksInBackground(core::Store& store,
                                        std::shared_ptr<const core::ComputedTourLocks> locks);

} // namespace flickdesk::ui
