#pragma once

// The FlickSkill rating list: every rated player's mu, sigma, conservative rating mu - 3 sigma,
// events played and the date last played (DECISIONS N6: the posterior at the latest batch), with
// search, filters and sorting in a proxy model, and export in the rating-list format that
// core::importRatingList reads (player_id,name,mu,sigma; core/formats/eventexchange.h).

#include "core/store/storefwd.h"
#include "models/ratings/ratingslistmodel.h"
#include "models/ratings/recomputejob.h"

#include <QAbstractTableModel>
#include <QDate>
#include <QSortFilterProxyModel>
#include <QWidget>
#include <memory>
#include <vector>

class QCheckBox;
class QComboBox;
class QFrame;
class QLabel;
class QLineEdit;
class QPushButton;
class QTableView;

namespace flickdesk::ui {

// Search and filters over a RatingsListModel, in its order: sort() sorts the source model (on plain
// values, not through data(), and the proxy keeps no order of its own to rebuild).
class RatingsFilterModel : public QSortFilterProxyModel {
    Q_OBJECT

public:
    enum class Division { Any, Competitive, Recreational };

    explicit RatingsFilterModel(QObject* parent = nullptr);

    // The source must be a RatingsListModel.
    void setSourceModel(QAbstractItemModel* source) override;
    void sort(int column, Qt::SortOrder order = Qt::AscendingOrder) override;

    // Part of a player's id or name, any case; empty shows everyone.
    void setSearchText(const QString& text);
    QString searchText() const { return m_search; }
    // Only players who played within the 12 months up to the reference date (default today).
    void setActiveOnly(bool activeOnly);
    bool activeOnly() const { return m_activeOnly; }
    void setReferenceDate(const QDate& date);
    QDate referenceDate() const { return m_referenceDate; }
    QDate activeSince() const { return m_referenceDate.addMonths(-12); }
    // Only players who played an event of that tour division.
    void setDivision(Division division);
    Division division() const { return m_division; }

protected:
    bool filterAcceptsRow(int sourceRow, const QModelIndex& sourceParent) const override;

private:
    RatingsListModel* m_rows = nullptr;
    QString m_search;
    bool m_activeOnly = false;
    QDate m_referenceDate = QDate::currentDate();
    Division m_division = Division::Any;
};

// The rating list as a widget: search box, filters, the table and "Export CSV...". Figures older
// than the stored history (an award, an import, a merge, a result edited since the run read it) are
// never shown as current: a banner above the list says what they are from before, with "Recompute
// now", and the summary line says the same (checkHistory, on every change the window announces
// and whenever the list is shown).
class RatingsListView : public QWidget {
    Q_OBJECT

public:
    // Computes the ratings of the stored history in the background at once (refresh()).
    explicit RatingsListView(core::Store& store, QWidget* parent = nullptr);
    ~RatingsListView() override;

    RatingsListModel* model() const { return m_model; }
    RatingsFilterModel* filterModel() const { return m_filter; }
    QTableView* table() const { return m_table; }
    QLineEdit* searchEdit() const { return m_search; }
    QLabel* summaryLabel() const { return m_summary; }
    RatingRunPtr ratingRun() const { return m_run; }
    // Whether the figures shown are older than the stored history, as last checked.
    bool isStale() const { return m_staleness.stale; }
    const HistoryStaleness& staleness() const { return m_staleness; }
    QFrame* staleBanner() const { return m_staleBanner; }
    QLabel* staleText() const { return m_staleText; }
    QPushButton* recomputeNowButton() const { return m_recomputeNow; }
    // A ratings-only run of this view is being computed.
    bool isComputing() const { return m_computing; }

    // Writes the rows shown (filtered and sorted as on screen) as player_id,name,mu,sigma.
    // False, with errorString set, when the file cannot be written.
    bool exportCsv(const QString& path, QString* errorString = nullptr) const;

public Q_SLOTS:
    // Recomputes the ratings of the stored history (a ratings-only run, in the background).
    void refresh();
    // Shows a run made elsewhere (RecomputeDialog::recomputed) instead of computing one.
    void setRatingRun(flickdesk::ui::RatingRunPtr run);
    // Asks for a file and exports to it.
    void exportCsvWithDialog();
    // Compares the run's history with the store's (historyStaleness) and shows or hides the banner:
    // what the window calls when the history may have changed.
    void checkHistory();

Q_SIGNALS:
    void ratingRunChanged();
    // A player was highlighted (click, Up/Down), double-clicked or Enter was pressed on them: show
    // their page.
    void playerActivated(const QString& playerId);

protected:
    void showEvent(QShowEvent* event) override;

private:
    void updateSummary();
    void updateBanner();

    core::Store& m_store;
    RatingRunPtr m_run;
    HistoryStaleness m_staleness;
    QString m_currentPlayer;  // the last player the selection announced
    bool m_computing = false; // from refresh() until its run (or why there is none) arrives
    // A player was renamed, merged or given another id while the list was hidden: the run holds
    // the names and ids it was computed with, so it is computed again once the list is shown.
    bool m_refreshOnShow = false;
    RecomputeJobHandle m_job; // let go without waiting for it
    RatingsListModel* m_model = nullptr;
    RatingsFilterModel* m_filter = nullptr;
    QLineEdit* m_search = nullptr;
    QCheckBox* m_active = nullptr;
    QComboBox* m_division = nullptr;
    QTableView* m_table = nullptr;
    QLabel* m_summary = nullptr;
    QPushButton* m_export = nullptr;
    QFrame* m_staleBanner = nullptr;
    QLabel* m_staleText = nullptr;
    QPushButton* m_recomputeNow = nullptr;
};

} // namespace flickdesk::ui
