#include "models/tour/tourhistory.h"

#include "core/store/store.h"
#include "models/storewatcher.h"

namespace flickdesk::ui {

TourHistory::TourHistory(core::Store& store, QObject* view, std::function<bool()> shown)
    : QObject(view)
    , m_store(store)
    , m_shown(std::move(shown))
    , m_watcher(new QFutureWatcher<LoadedHistory>(this))
{
    connect(m_watcher, &QFutureWatcher<LoadedHistory>::finished, this, [this] {
        const LoadedHistory history = m_watcher->result();
        m_reading = false;
        m_generation = history.generation;
        Q_EMIT loaded(history);
        if (m_checkAfterLoad) {
            m_checkAfterLoad = false;
            readAgainIfChanged();
        }
    });
    // Tour points come from awards and the stored locks as well as the history (DECISIONS T1).
    connect(new StoreWatcher(store, this), &StoreWatcher::changed, this,
            [this](const core::StoreChange& change) {
                if (change.touches(core::StoreChange::Locks | core::StoreChange::Awards |
                                   core::StoreChange::Settings | core::StoreChange::Players))
                    m_outdated = true;
                if (change.touches(core::StoreChange::History | core::StoreChange::Locks |
                                   core::StoreChange::Awards | core::StoreChange::Settings |
                                   core::StoreChange::Players))
                    readAgainIfChanged();
            });
}

void TourHistory::read()
{
    // Read in the pool, through a connection of its own: at a million finishes reading the history
    // on the window's thread kept the event loop for 2.3 s (bench_recompute).
    Q_EMIT statusChanged(tr("Reading the stored history…"));
    m_reading = true;
    m_outdated = false;
    m_watcher->setFuture(loadHistoryInBackground(m_store));
}

void TourHistory::readAgainIfChanged()
{
    if (m_reading) {
        m_checkAfterLoad = true; // the history being read may be from before the change
        return;
    }
    qint64 now = 0;
    try {
        now = m_store.historyGeneration();
    } catch (const core::StoreError&) {
        return; // what is shown stays; the next change or showing checks again
    }
    if (now == m_generation && !m_outdated)
        return;
    if (!m_shown())
        return; // the view's showEvent checks again
    read();
    Q_EMIT statusChanged(
        tr("The results changed since this was computed: reading the stored history again…"));
}

} // namespace flickdesk::ui
