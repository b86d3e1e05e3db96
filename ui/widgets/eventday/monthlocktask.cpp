#include "widgets/eventday/monthlocktask.h"

#include "core/formats/historydigest.h"
#include "core/store/store.h"
#include "flickdesk/engine/date.h"
#include "flickdesk/engine/monthlylock.h"

#include <exception>

namespace flickdesk::ui {

MonthLockTask* MonthLockTask::create(core::Store& store, const QString& month)
{
    std::unique_ptr<core::Store> worker;
    QString error;
    try {
        worker = store.openWorker(); // cheap: a second SQLite connection, nothing read yet
    } catch (const core::StoreError& failure) {
        error = failure.message();
    }
    auto* task = new MonthLockTask(std::move(worker), month);
    task->m_outcome.error = error;
    // Deleted in the GUI thread once every receiver of finished() has had it (a queued call after
    // theirs): a receiver may read outcome() and sender() while it handles finished().
    connect(task, &MonthLockTask::finished, task, &QObject::deleteLater, Qt::QueuedConnection);
    return task;
}

void MonthLockTask::start(QThreadPool* pool)
{
    if (!m_worker) {
        QMetaObject::invokeMethod(this, &MonthLockTask::finished, Qt::QueuedConnection);
        return;
    }
    pool->start([this] {
        run();
        Q_EMIT finished(); // queued to the GUI thread
    });
}

MonthLockTask::MonthLockTask(std::unique_ptr<core::Store> worker, const QString& month)
    : m_worker(std::move(worker))
    , m_month(month)
{
}

MonthLockTask::Outcome MonthLockTask::outcome() const
{
    std::lock_guard<std::mutex> guard(m_mutex);
    return m_outcome;
}

void MonthLockTask::run()
{
    Outcome outcome;
    core::Store& store = *m_worker;
    try {
        const std::optional<engine::DayNumber> first =
            engine::parseIsoDate((m_month + QStringLiteral("-01")).toStdString());
        if (!first)
            throw core::StoreError(core::StoreError::Kind::Refused,
                                   tr("'%1' is not a month of the form YYYY-MM.").arg(m_month));
        // A refusal because the history changed while computing means: read it again, once.
        for (int attempt = 0; attempt < 2 && !outcome.ratings && !m_cancel.isCancelled(); ++attempt) {
            outcome.generation = store.historyGeneration();
            // Another task (or the CLI) may have stored it meanwhile.
            if (std::optional<core::MonthLockRatings> stored = store.storedLockFor(m_month)) {
                outcome.parameters = core::flickSkillParametersJson([&store] {
                    engine::FlickSkillParameters p;
                    store.flickSkillParameters().applyTo(p);
                    return p;
                }());
                outcome.ratings = std::move(stored);
                outcome.stored = true;
                break;
            }
            const core::HistoryFolder folder = store.loadHistory();
            engine::FlickSkillParameters parameters;
            folder.parameters.applyTo(parameters);
            outcome.parameters = core::flickSkillParametersJson(parameters);

            engine::FlickSkillRunControl control;
            control.cancel = &m_cancel;
            control.onProgress = [this](const engine::FlickSkillProgress& p) {
                Q_EMIT progress(p.iteration, p.maxIterations);
            };
            engine::MonthlyLock lock;
            try {
                lock = engine::computeMonthlyLock(folder.history, *first, parameters, control);
            } catch (const std::exception& error) {
                // DECISIONS P1: a month's lock rates the history before it.
                throw core::StoreError(core::StoreError::Kind::Refused,
                                       tr("The stored history before %1 cannot be rated, so the lock of that "
                                          "month cannot be computed: %2")
                                           .arg(m_month, QString::fromUtf8(error.what())));
            }
            if (m_cancel.isCancelled())
                break;
            ++outcome.computations;
            core::MonthLockRatings ratings = core::lockRatingsOf(folder, lock, m_month);
            if (store.isReadOnly()) {
                outcome.ratings = std::move(ratings);
                break;
            }
            std::vector<core::LockedRating> rows;
            rows.reserve(lock.players.size());
            for (std::size_t k = 0; k < lock.players.size(); ++k)
                rows.push_back({QString::fromStdString(
                                    folder.history.playerIds[static_cast<std::size_t>(lock.players[k])]),
                                lock.posteriors[k].mu, lock.posteriors[k].sigma});
            const QString digest = core::historyDigestBefore(folder, outcome.parameters, *first);
            try {
                store.storeComputedLock(m_month, rows, outcome.parameters, lock.iterations, lock.converged,
                                        digest, outcome.generation);
                outcome.stored = true;
                outcome.ratings = std::move(ratings);
            } catch (const core::StoreError& refused) {
                if (refused.kind() != core::StoreError::Kind::Refused)
                    throw;
                if (store.historyGeneration() == outcome.generation) {
                    // Not a changed history: a month an award used keeps its lock (P2); the
                    // ratings are still this history's.
                    outcome.ratings = std::move(ratings);
                }
                // Otherwise the history changed while computing: the next attempt reads it again.
            }
        }
        if (!outcome.ratings && !m_cancel.isCancelled())
            outcome.error =
                tr("The stored results kept changing while the ratings of %1 were computed; select "
                   "the event again to compute them.")
                    .arg(m_month);
    } catch (const core::StoreError& error) {
        outcome.error = error.message();
        outcome.ratings.reset();
    } catch (const std::exception& error) {
        outcome.error = tr("The ratings could not be computed: %1").arg(QString::fromUtf8(error.what()));
        outcome.ratings.reset();
    }
    if (m_cancel.isCancelled())
        outcome.ratings.reset();
    m_worker.reset(); // the connection closes in the thread that used it
    std::lock_guard<std::mutex> guard(m_mutex);
    m_outcome = std::move(outcome);
}

} // namespace flickdesk::ui
