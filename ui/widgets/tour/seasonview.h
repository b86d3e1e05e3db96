#pragma once

// What the Tour views of a season (StandingsView, TierReport) share: the season box, the stored
// history read in the background (TourHistory) and read again when the store changed it, the
// table, the status line under it, a season asked for while the history is read, and the storing
// of the monthly locks a computation had to compute (DECISIONS P1). Each view adds its controls
// and its computation (recompute()) and shows its result.

#include "core/awards/tourpoints.h"
#include "core/formats/historyreader.h"
#include "models/ratings/recomputejob.h"

#include <QFutureWatcher>
#include <QString>
#include <QStringList>
#include <QWidget>
#include <memory>

class QComboBox;
class QHBoxLayout;
class QLabel;
class QTableView;
class QVBoxLayout;

namespace flickdesk::core {
class Store;
}

namespace flickdesk::ui {

class TourHistory;

class SeasonView : public QWidget {
    Q_OBJECT

public:
    // A computation still running owns copies of its data: it ends on its own, unheard.
    ~SeasonView() override;

    QString season() const;
    QStringList seasons() const;
    // From a request until its result is shown, and while the history is read.
    bool isComputing() const;

public Q_SLOTS:
    // Chosen once the history is in when it is being read.
    void setSeason(const QString& season);
    // Rereads the stored history (in the background: a season asked for meanwhile is chosen once
    // it is in) and recomputes.
    void refresh();
    // What the window calls when the history may have changed (an award, an import, a merge, a
    // result edited): when the figures shown are older than the stored history they are computed
    // again at once, or, the tab being hidden, as soon as it is shown; never shown as current.
    void checkHistory();

Q_SIGNALS:
    // The locks the view had to compute are stored (`stored` of them) for the next view.
    void locksStored(int stored);

protected:
    // `names`: the object names of the season box, the table and the status line (tests and the
    // window find them by these). A subclass lays out its own controls in controls() and above
    // the table (insertAboveTable), and calls refresh() at the end of its constructor.
    struct ObjectNames {
        QString season;
        QString table;
        QString status;
    };
    SeasonView(core::Store& store, const ObjectNames& names, QWidget* parent);

    void showEvent(QShowEvent* event) override;

    // Computes what the view shows for season() (its status says so), or shows that there is
    // nothing to compute.
    virtual void recompute() = 0;
    // The season chosen (by the box, or once the history is in), before recompute(): what a view
    // fills from the season (the standings' Finale box).
    virtual void seasonChosen() {}

    core::Store& store() const { return m_store; }
    // The stored history computed from (empty until read), shared with the computations.
    const std::shared_ptr<const core::HistoryFolder>& folder() const { return m_folder; }
    // Store::historyGeneration before folder() was read.
    qint64 generation() const;
    QComboBox* seasonBox() const { return m_season; }
    QTableView* tableView() const { return m_table; }
    QLabel* statusLabel() const { return m_status; }
    QHBoxLayout* controls() const { return m_controls; }
    void insertAboveTable(QWidget* widget);
    void setStatus(const QString& text);

    // Shows nothing computed: the database holds no season.
    virtual void clearResult() = 0;

    // The start of a recompute(): the worker connection the computation reads the store through,
    // and the status says `computing` until computationShown(). Null, with clearResult() and the
    // status saying so, when there is no season (an empty database), or with the status giving
    // the store's error when no connection opens.
    std::shared_ptr<core::Store> startComputing(const QString& computing);
    // The result of the request is shown (or a request dropped): no longer computing.
    void computationShown() { m_computing = false; }
    // DECISIONS P1: the monthly locks a computation had to compute, stored in the pool for the next
    // view (whichever season they were for, they are this history's); locksStored follows.
    void storeComputedLocks(std::shared_ptr<const core::ComputedTourLocks> locks);

private:
    void historyLoaded(const LoadedHistory& loaded);

    core::Store& m_store;
    std::shared_ptr<const core::HistoryFolder> m_folder; // shared with the computations
    TourHistory* m_history = nullptr; // the stored history computed from, and whether it changed since
    QString m_wantedSeason;           // asked for while the history was being read
    QFutureWatcher<int>* m_storing = nullptr; // the computed locks being stored
    // From a request until its result is shown: the future finishes before the watcher's queued
    // signal applies it, and until then the view still shows the previous request's rows.
    bool m_computing = false;
    QComboBox* m_season = nullptr;
    QTableView* m_table = nullptr;
    QLabel* m_status = nullptr;
    QHBoxLayout* m_controls = nullptr;
    QVBoxLayout* m_layout = nullptr;
};

} // namespace flickdesk::ui
