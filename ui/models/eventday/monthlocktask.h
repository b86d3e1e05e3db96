#pragma once

// The lock of one month computed in the background (STYLE "Long work"): the window asks
// core::MonthLocks::ready first; when the month's lock is not stored, a MonthLockTask opens a worker
// connection to the same database (Store::openWorker) in a pool thread and has the one home of a
// month's lock (core::MonthLocks::obtain, core/awards/monthlocks.h) read the history there, compute
// the lock (DECISIONS P1) with progress and a cancel token and store it through that connection; it
// hands the lock to the GUI thread with finished(), where the session announces a lock it stored
// (Store::announce: the worker connection announces to nobody). The GUI thread never reads the history nor
// computes for it.

#include "core/records/monthlock.h"
#include "core/store/storefwd.h"
#include "flickdesk/engine/flickskill.h"
#include "models/backgroundpool.h"

#include <QJsonObject>
#include <QObject>
#include <QString>
#include <QThreadPool>
#include <memory>
#include <mutex>
#include <optional>

namespace flickdesk::ui {

class MonthLockTask final : public QObject {
    Q_OBJECT

public:
    struct Outcome {
        std::optional<core::MonthLockRatings> ratings; // none when cancelled or failed
        qint64 generation = 0;                         // the history's generation it was computed from
        QJsonObject parameters;                        // the FlickSkill parameters it was computed with
        bool stored = false;                           // written to the database (not read-only, not refused)
        int computations = 0; // locks computed: 0 when another had stored it meanwhile
        QString error;        // in a director's words
    };

    // A task for the lock of `month` (YYYY-MM) of `store`'s database, with its own connection to it
    // (Store::openWorker). Connect to its signals, then start() it. The task owns itself: it is
    // deleted once it has finished and its finished() was delivered, so a receiver that goes away
    // (another event selected) only calls cancel() and forgets it.
    static MonthLockTask* create(core::Store& store, const QString& month);
    ~MonthLockTask() override; // out of line: the header knows the worker's Store by name only
    // Runs it on `pool`; finished() follows (at once, queued, when the connection could not be opened).
    void start(QThreadPool* pool = backgroundPool());

    QString month() const { return m_month; }
    // Asks the engine to stop at its next check; finished() follows with no ratings.
    void cancel() { m_cancel.cancel(); }
    // After finished().
    Outcome outcome() const;

Q_SIGNALS:
    // From the worker thread, delivered queued: sweep `sweep` of at most `maxSweeps`.
    void progress(int sweep, int maxSweeps);
    void finished();

private:
    MonthLockTask(std::unique_ptr<core::Store> worker, const QString& month);
    void run();

    std::unique_ptr<core::Store> m_worker; // used in the pool thread only
    QString m_month;
    engine::CancelToken m_cancel;
    mutable std::mutex m_mutex;
    Outcome m_outcome;
};

} // namespace flickdesk::ui
