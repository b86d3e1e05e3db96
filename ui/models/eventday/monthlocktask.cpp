#include "models/eventday/monthlocktask.h"

#include "core/awards/monthlocks.h"
#include "core/store/store.h"

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

MonthLockTask::~MonthLockTask() = default;

MonthLockTask::Outcome MonthLockTask::outcome() const
{
    std::lock_guard<std::mutex> guard(m_mutex);
    return m_outcome;
}

void MonthLockTask::run()
{
    Outcome outcome;
    try {
        const std::optional<core::Month> month = core::Month::fromString(m_month);
        if (!month)
            throw core::StoreError(core::StoreError::Kind::Refused,
                                   tr("'%1' is not a month of the form YYYY-MM.").arg(m_month));
        engine::FlickSkillRunControl control;
        control.cancel = &m_cancel;
        control.onProgress = [this](const engine::FlickSkillProgress& p) {
            Q_EMIT progress(p.iteration, p.maxIterations);
        };
        // The one home of a month's lock (core/awards/monthlocks.h), through this task's connection.
        core::MonthLocks::Outcome obtained = core::MonthLocks::obtain(*m_worker, *month, control);
        outcome.ratings = std::move(obtained.ratings);
        outcome.generation = obtained.generation;
        outcome.parameters = obtained.parameters;
        outcome.stored = obtained.stored;
        outcome.computations = obtained.computations;
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
