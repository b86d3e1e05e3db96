#pragma once

// The stored history a Tour view (StandingsView, TierReport) computes from: read in the pool
// (loadHistoryInBackground), and read again when the store has changed it since, as soon as the
// view is shown. It hears the store's announcements (StoreWatcher): nobody refreshes it by hand.
// What both views had each kept for themselves.

#include "models/ratings/recomputejob.h"

#include <QFutureWatcher>
#include <QObject>
#include <QString>
#include <functional>

namespace flickdesk::core {
class Store;
}

namespace flickdesk::ui {

class TourHistory : public QObject {
    Q_OBJECT
public:
    // `view` owns it; a read whose history is older than the store's starts only while it is visible.
    TourHistory(core::Store& store, QObject* view, std::function<bool()> shown);

    // From read() until loaded() has been emitted. Not read off the watcher's future, which finishes
    // a moment before its signal arrives: in that moment a view said it was neither reading nor
    // computing (a test under load saw no result, and a season asked for then was lost).
    bool isReading() const { return m_reading; }
    // Store::historyGeneration before the history last loaded was read.
    qint64 generation() const { return m_generation; }

    // Reads the stored history in the pool; loaded() follows.
    void read();
    // What a view does when the history may have changed (an award, an import, a merge, a result
    // edited) or when it is shown: reads it again when it is newer than the one loaded and the view
    // is visible; a change during a read is checked once that read is in.
    void readAgainIfChanged();

Q_SIGNALS:
    void loaded(const flickdesk::ui::LoadedHistory& loaded);
    void statusChanged(const QString& status); // what the view says while it reads

private:
    core::Store& m_store;
    std::function<bool()> m_shown; // whether the view is visible (the models link no widgets)
    QFutureWatcher<LoadedHistory>* m_watcher;
    qint64 m_generation = 0;
    bool m_reading = false;
    bool m_checkAfterLoad = false; // the history changed while it was being read
    // The store announced a change of what the views compute besides the history (stored locks,
    // awards, the Finale setting): read again as the history is, once the view is visible.
    bool m_outdated = false;
};

} // namespace flickdesk::ui
