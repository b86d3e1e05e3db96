// The pool of the window's long work (models/backgroundpool.h).

#include "models/backgroundpool.h"

#include "core/awards/monthlylocks.h"

#include <QCoreApplication>
#include <QPointer>
#include <QThread>
#include <algorithm>

namespace flickdesk::ui {

namespace {

engine::CancelToken& quittingToken()
{
    static engine::CancelToken token;
    return token;
}

} // namespace

const engine::CancelToken& quitting()
{
    return quittingToken();
}

QThreadPool* backgroundPool()
{
    static QPointer<QThreadPool> pool; // created and used on the window's thread, and by its tasks
    QCoreApplication* application = QCoreApplication::instance();
    if (application == nullptr || QCoreApplication::closingDown())
        return QThreadPool::globalInstance();
    if (!pool) {
        pool = new QThreadPool(application);
        pool->setObjectName(QStringLiteral("FlickDesk background work"));
        pool->setMaxThreadCount(std::max(2, QThread::idealThreadCount()));
        QObject::connect(application, &QCoreApplication::aboutToQuit, pool, [] { quittingToken().cancel(); });
        // The lock runs of a task that stores each lock as it is done (the Recompute) yield to the
        // window and to that task (core::setLockWorkersYield).
        core::setLockWorkersYield(true);
    }
    return pool;
}

} // namespace flickdesk::ui
