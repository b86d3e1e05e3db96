#include "widgets/ratings/ratingslist.h"

#include "core/formats/csvwriting.h"
#include "core/formats/outputfiles.h"
#include "widgets/savedialog.h"
#include "models/storewatcher.h"

#include <QCheckBox>
#include <QComboBox>
#include <QDate>
#include <QFileDialog>
#include <QFrame>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QItemSelectionModel>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QSaveFile>
#include <QTableView>
#include <QVBoxLayout>
#include <utility>

namespace flickdesk::ui {

// ---------------------------------------------------------------------------------------------

RatingsFilterModel::RatingsFilterModel(QObject* parent)
    : QSortFilterProxyModel(parent)
{
    setDynamicSortFilter(true);
}

void RatingsFilterModel::setSourceModel(QAbstractItemModel* source)
{
    m_rows = qobject_cast<RatingsListModel*>(source);
    Q_ASSERT(m_rows != nullptr || source == nullptr);
    QSortFilterProxyModel::setSourceModel(source);
}

void RatingsFilterModel::sort(int column, Qt::SortOrder order)
{
    if (m_rows != nullptr)
        m_rows->sort(column, order);
}

void RatingsFilterModel::setSearchText(const QString& text)
{
    if (text.trimmed() == m_search)
        return;
    m_search = text.trimmed();
    invalidateFilter();
}

void RatingsFilterModel::setActiveOnly(bool activeOnly)
{
    if (activeOnly == m_activeOnly)
        return;
    m_activeOnly = activeOnly;
    invalidateFilter();
}

void RatingsFilterModel::setReferenceDate(const QDate& date)
{
    if (date == m_referenceDate)
        return;
    m_referenceDate = date;
    invalidateFilter();
}

void RatingsFilterModel::setDivision(Division division)
{
    if (division == m_division)
        return;
    m_division = division;
    invalidateFilter();
}

bool RatingsFilterModel::filterAcceptsRow(int sourceRow, const QModelIndex& sourceParent) const
{
    if (m_rows == nullptr || sourceParent.isValid())
        return false;
    const PlayerRatingRow& row = m_rows->row(sourceRow);
    if (m_activeOnly &&
        (!row.lastPlayed.isValid() || row.lastPlayed <= activeSince() || row.lastPlayed > m_referenceDate))
        return false;
    if (m_division == Division::Competitive && !row.playedCompetitive)
        return false;
    if (m_division == Division::Recreational && !row.playedRecreational)
        return false;
    if (!m_search.isEmpty() && !row.playerId.contains(m_search, Qt::CaseInsensitive) &&
        !row.name.contains(m_search, Qt::CaseInsensitive))
        return false;
    return true;
}

// ---------------------------------------------------------------------------------------------

RatingsListView::RatingsListView(core::Store& store, QWidget* parent)
    : QWidget(parent)
    , m_store(store)
    , m_model(new RatingsListModel(this))
    , m_filter(new RatingsFilterModel(this))
{
    m_filter->setSourceModel(m_model);

    m_search = new QLineEdit(this);
    m_search->setObjectName(QStringLiteral("ratingsSearch"));
    m_search->setPlaceholderText(tr("Search by player id or name"));
    m_search->setClearButtonEnabled(true);
    connect(m_search, &QLineEdit::textChanged, m_filter, &RatingsFilterModel::setSearchText);

    m_active = new QCheckBox(tr("Active in the last 12 months"), this);
    m_active->setObjectName(QStringLiteral("ratingsActiveOnly"));
    m_active->setToolTip(
        tr("Players with an event since %1").arg(m_filter->activeSince().toString(Qt::ISODate)));
    connect(m_active, &QCheckBox::toggled, m_filter, &RatingsFilterModel::setActiveOnly);

    m_division = new QComboBox(this);
    m_division->setObjectName(QStringLiteral("ratingsDivision"));
    m_division->addItem(tr("All players"), static_cast<int>(RatingsFilterModel::Division::Any));
    m_division->addItem(tr("Played a competitive tour event"),
                        static_cast<int>(RatingsFilterModel::Division::Competitive));
    m_division->addItem(tr("Played a recreational tour event"),
                        static_cast<int>(RatingsFilterModel::Division::Recreational));
    connect(m_division, &QComboBox::currentIndexChanged, this, [this](int index) {
        m_filter->setDivision(static_cast<RatingsFilterModel::Division>(m_division->itemData(index).toInt()));
    });

    m_export = new QPushButton(tr("Export CSV…"), this);
    m_export->setObjectName(QStringLiteral("ratingsExport"));
    m_export->setToolTip(tr("The rows shown, as a rating list: player_id,name,mu,sigma"));
    connect(m_export, &QPushButton::clicked, this, &RatingsListView::exportCsvWithDialog);

    m_table = new QTableView(this);
    m_table->setObjectName(QStringLiteral("ratingsTable"));
    m_table->setModel(m_filter);
    m_table->setSortingEnabled(true);
    m_table->sortByColumn(RatingsListModel::MuColumn, Qt::DescendingOrder);
    m_table->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_table->setSelectionMode(QAbstractItemView::SingleSelection);
    m_table->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_table->setAlternatingRowColors(true);
    m_table->verticalHeader()->hide();
    m_table->verticalHeader()->setDefaultSectionSize(fontMetrics().lineSpacing() + 6);
    // The figures fit their contents (measured on the first rows: they are all of one width), the
    // name takes the rest, elided: at 1280x800 the list beside a player's page needs no sideways
    // scrolling.
    m_table->setWordWrap(false);
    QHeaderView* header = m_table->horizontalHeader();
    header->setResizeContentsPrecision(200);
    header->setSectionResizeMode(QHeaderView::ResizeToContents);
    header->setSectionResizeMode(RatingsListModel::NameColumn, QHeaderView::Stretch);
    connect(m_table, &QTableView::activated, this, [this](const QModelIndex& index) {
        Q_EMIT playerActivated(index.data(RatingsListModel::PlayerIdRole).toString());
    });
    // The page follows the highlighted player: Up/Down or a click is enough, as in the event list.
    connect(m_table->selectionModel(), &QItemSelectionModel::currentRowChanged, this,
            [this](const QModelIndex& current) {
                const QString id = current.data(RatingsListModel::PlayerIdRole).toString();
                if (current.isValid() && !id.isEmpty() && id != m_currentPlayer) {
                    m_currentPlayer = id;
                    Q_EMIT playerActivated(id);
                }
            });

    m_summary = new QLabel(this);
    m_summary->setObjectName(QStringLiteral("ratingsSummary"));
    m_summary->setWordWrap(true);

    // Figures older than the history are never shown as current (issue 25): the banner says what
    // they are from before and recomputes them on request, in the background as the tab does.
    m_staleBanner = new QFrame(this);
    m_staleBanner->setObjectName(QStringLiteral("ratingsStaleBanner"));
    m_staleBanner->setFrameShape(QFrame::StyledPanel);
    m_staleBanner->setAutoFillBackground(true);
    QPalette warning = m_staleBanner->palette();
    warning.setColor(QPalette::Window, QColor(0xff, 0xf4, 0xce)); // a pale amber: look, not alarm
    warning.setColor(QPalette::WindowText, QColor(0x3d, 0x2e, 0x00));
    m_staleBanner->setPalette(warning);
    m_staleText = new QLabel(m_staleBanner);
    m_staleText->setObjectName(QStringLiteral("ratingsStaleText"));
    m_staleText->setWordWrap(true);
    m_recomputeNow = new QPushButton(tr("Recompute &now"), m_staleBanner);
    m_recomputeNow->setObjectName(QStringLiteral("ratingsRecomputeNow"));
    m_recomputeNow->setToolTip(
        tr("Rates the stored history again, in the background; the list stays usable"));
    connect(m_recomputeNow, &QPushButton::clicked, this, &RatingsListView::refresh);
    auto* bannerLayout = new QHBoxLayout(m_staleBanner);
    bannerLayout->addWidget(m_staleText, 1);
    bannerLayout->addWidget(m_recomputeNow, 0, Qt::AlignVCenter);
    m_staleBanner->hide();
    // Whoever wrote it (an award, an import, a merge, a result, a Recompute): the list checks
    // whether its figures are older than the history, and says so (checkHistory).
    connect(new StoreWatcher(m_store, this), &StoreWatcher::changed, this,
            [this](const core::StoreChange& change) {
                // A name or an id changed (D1a): the run shows those it was computed with.
                const bool identity =
                    change.touches(core::StoreChange::Players) && change.touches(core::StoreChange::Entrants);
                // Nothing shown yet (an empty history): what was written is computed, now or once shown.
                const bool nothingShown =
                    !m_run && !m_computing && change.touches(core::StoreChange::History);
                if ((identity && m_run) || nothingShown) {
                    if (isVisible())
                        refresh();
                    else
                        m_refreshOnShow = true;
                }
                if (change.touches(core::StoreChange::History | core::StoreChange::Locks))
                    checkHistory();
            });
    connect(m_filter, &QAbstractItemModel::rowsInserted, this, &RatingsListView::updateSummary);
    connect(m_filter, &QAbstractItemModel::rowsRemoved, this, &RatingsListView::updateSummary);
    connect(m_filter, &QAbstractItemModel::modelReset, this, &RatingsListView::updateSummary);
    connect(m_filter, &QAbstractItemModel::layoutChanged, this, &RatingsListView::updateSummary);

    // Two rows, so that the search box keeps room for its words beside a player's page at 1280x800.
    m_division->setSizeAdjustPolicy(QComboBox::AdjustToContents);
    auto* search = new QHBoxLayout;
    search->addWidget(m_search, 1);
    search->addWidget(m_export);
    auto* filters = new QHBoxLayout;
    filters->addWidget(m_active);
    filters->addWidget(m_division);
    filters->addStretch();
    auto* layout = new QVBoxLayout(this);
    layout->addWidget(m_staleBanner);
    layout->addLayout(search);
    layout->addLayout(filters);
    layout->addWidget(m_table, 1);
    layout->addWidget(m_summary);

    updateSummary();
    refresh();
}

RatingsListView::~RatingsListView() = default;

void RatingsListView::refresh()
{
    m_computing = true;
    m_summary->setText(tr("Computing the ratings…"));
    updateBanner();
    startRatingsOnlyJob(
        m_store, m_job, this, [this](RatingRunPtr run) { setRatingRun(std::move(run)); },
        [this](const QString& why) {
            m_computing = false;
            updateBanner();
            m_summary->setText(why);
        });
}

void RatingsListView::setRatingRun(RatingRunPtr run)
{
    if (m_job && m_job->result() != run) {
        // A run given from outside replaces one being computed here.
        m_job.reset();
    }
    m_run = std::move(run);
    m_computing = false; // ours, or one given from outside that replaced ours
    m_staleness = m_run ? historyStaleness(m_store, *m_run) : HistoryStaleness{};
    // The job made the rows in its thread; a run made elsewhere without them gets them here.
    m_model->setRows(!m_run                    ? std::vector<PlayerRatingRow>()
                     : m_run->listRows.empty() ? ratingRows(*m_run)
                                               : m_run->listRows);
    updateSummary();
    updateBanner();
    Q_EMIT ratingRunChanged();
}

void RatingsListView::checkHistory()
{
    if (!m_run)
        return; // nothing shown yet: the run being computed reads the history as it is now
    const HistoryStaleness now = historyStaleness(m_store, *m_run);
    if (now == m_staleness)
        return;
    m_staleness = now;
    updateSummary();
    updateBanner();
}

void RatingsListView::showEvent(QShowEvent* event)
{
    QWidget::showEvent(event);
    if (std::exchange(m_refreshOnShow, false))
        refresh();
    checkHistory(); // a change made while the tab was hidden, announced or not
}

void RatingsListView::updateBanner()
{
    if (!m_staleness.stale) {
        m_staleBanner->hide();
        return;
    }
    m_staleText->setText(m_computing ? tr("%1 Recomputing them…").arg(m_staleness.text(tr("ratings")))
                                     : m_staleness.text(tr("ratings")));
    m_recomputeNow->setEnabled(!m_computing);
    m_staleBanner->show();
}

void RatingsListView::updateSummary()
{
    if (!m_run) {
        m_summary->setText(tr("No ratings yet."));
        return;
    }
    const engine::FlickSkillResult& result = m_run->result;
    const int rated = static_cast<int>(m_run->folder.events.size());
    QString events = tr("%1 events rated").arg(rated);
    if (m_staleness.stale) {
        // Never the count of an older history as if it were the database's.
        const int storedNow = rated + m_staleness.eventsAdded - m_staleness.eventsRemoved;
        events = storedNow != rated
                     ? tr("%1 events rated (out of date: %2 stored now)").arg(rated).arg(storedNow)
                     : tr("%1 events rated (out of date: results changed since)").arg(rated);
    }
    m_summary->setText(tr("%1 of %2 rated players shown · %3 · %4 sweeps, %5")
                           .arg(m_filter->rowCount())
                           .arg(m_model->rowCount())
                           .arg(events)
                           .arg(result.iterations)
                           .arg(result.converged ? tr("converged") : tr("not converged")));
}

bool RatingsListView::exportCsv(const QString& path, QString* errorString) const
{
    QByteArray text("player_id,name,mu,sigma\n");
    for (int row = 0; row < m_filter->rowCount(); ++row) {
        const QModelIndex source = m_filter->mapToSource(m_filter->index(row, 0));
        const PlayerRatingRow& r = m_model->row(source.row());
        core::csv::appendField(text, r.playerId.toUtf8());
        text += ',';
        core::csv::appendField(text, r.name.toUtf8());
        text += ',' + QByteArray::number(r.mu, 'f', 9) + ',' + QByteArray::number(r.sigma, 'f', 9) + '\n';
    }
    if (const QString clash = core::outputClashWithDatabase(path); !clash.isEmpty()) {
        if (errorString != nullptr)
            *errorString = clash;
        return false;
    }
    QSaveFile file(path);
    if (!file.open(QIODevice::WriteOnly) || file.write(text) != text.size() || !core::flushToDisk(file) ||
        !file.commit()) {
        if (errorString != nullptr)
            *errorString = tr("Cannot write %1: %2").arg(path, file.errorString());
        return false;
    }
    return true;
}

void RatingsListView::exportCsvWithDialog()
{
    const QString path = saveFileName(
        this, tr("Export the rating list"),
        proposedFileName({tr("Ratings"), QDate::currentDate().toString(Qt::ISODate)}, QStringLiteral("csv")),
        tr("CSV files (*.csv)"));
    if (path.isEmpty())
        return;
    QString error;
    if (!exportCsv(path, &error))
        m_summary->setText(error);
    else
        m_summary->setText(tr("Exported %1 players to %2").arg(m_filter->rowCount()).arg(path));
}

} // namespace flickdesk::ui
