#include "widgets/tour/tierreport.h"

#include "core/awards/tourpoints.h"
#include "core/store/store.h"
#include "core/translation.h"
#include "widgets/ratings/recomputejob.h"
#include "widgets/tour/seasonbox.h"

#include <QCheckBox>
#include <QColor>
#include <QComboBox>
#include <QCoreApplication>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QTableView>
#include <QVBoxLayout>

namespace flickdesk::ui {
namespace {

FLICKDESK_DECLARE_TR_FUNCTIONS(flickdesk::ui::TierReport)

} // namespace

core::TourEventFilter tierReportEvents(const QString& season)
{
    return [season](const core::EventInfo& info) { return info.season == season; };
}

TierReportResult computeTierReport(std::shared_ptr<const core::HistoryFolder> shared,
                                   const engine::FlickSkillParameters& parameters, const QString& season,
                                   const std::map<engine::DayNumber, engine::MonthlyLock>& reusable,
                                   qint64 generation)
{
    TierReportResult result;
    result.season = season;
    const core::HistoryFolder& folder = *shared;
    try {
        // Quitting stops the locks in progress: nobody will see the report.
        engine::FlickSkillRunControl control;
        control.cancel = &quitting();
        core::TourPoints points =
            core::computeTourPoints(folder, parameters, tierReportEvents(season), control, 0, reusable);
        if (points.cancelled) {
            result.error = tr("Stopped: FlickDesk is closing.");
            return result;
        }
        if (!points.defects.empty()) {
            result.error =
                tr("The stored history has %1 defect(s) that keep Tour points from being computed; the "
                   "first: %2")
                    .arg(points.defects.size())
                    .arg(QString::fromStdString(engine::describe(points.defects.front())));
            return result;
        }
        for (const core::TourEventPoints& event : points.events) {
            const core::EventInfo& info = folder.events[event.eventIndex];
            TierReportRow row;
            row.eventId = info.eventId;
            row.date = dateOf(info.date);
            row.name = info.name;
            row.tour = info.tour;
            row.format = info.format;
            row.tier = event.payout.tier;
            row.fieldSize = event.payout.fieldSize;
            row.unflooredFieldStrength = event.payout.unflooredFieldStrength;
            row.unflooredWinnerPoints = event.payout.unflooredWinnerPoints;
            row.fieldStrengthIndex = event.payout.fieldStrengthIndex;
            row.meetsHigherTierFloor = event.payout.meetsHigherTierFloor; // DECISIONS P10
            result.rows.push_back(std::move(row));
        }
        result.locksComputed =
            static_cast<int>(std::count(points.computed.begin(), points.computed.end(), 1));
        result.locksReused = static_cast<int>(points.locks.size()) - result.locksComputed;
        if (result.locksComputed > 0)
            result.computedLocks = freedInPool<const core::ComputedTourLocks>(
                new core::ComputedTourLocks{shared, parameters, std::move(points), generation});
    } catch (const std::exception& failure) {
        result.error = tr("The Tier report could not be computed: %1").arg(QString::fromUtf8(failure.what()));
    }
    return result;
}

// ---------------------------------------------------------------------------------------------

TierReport::TierReport(core::Store& store, QWidget* parent)
    : QWidget(parent)
    , m_store(store)
    , m_folder(std::make_shared<const core::HistoryFolder>())
    , m_history(new TourHistory(store, this))
    , m_watcher(new QFutureWatcher<TierReportResult>(this))
    , m_storing(new QFutureWatcher<int>(this))
    , m_model(new TierReportModel(this))
{
    m_season = new QComboBox(this);
    m_season->setObjectName(QStringLiteral("tierSeason"));
    m_onlyMeeting = new QCheckBox(tr("Only events that met a higher Tier's points floor"), this);
    m_onlyMeeting->setObjectName(QStringLiteral("tierOnlyMeeting"));
    m_table = new QTableView(this);
    m_table->setObjectName(QStringLiteral("tierTable"));
    m_table->setModel(m_model);
    m_table->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_table->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_table->setAlternatingRowColors(true);
    m_table->verticalHeader()->hide();
    m_table->verticalHeader()->setDefaultSectionSize(fontMetrics().lineSpacing() + 6);
    m_table->horizontalHeader()->setStretchLastSection(true);
    // Fitting the columns measures the rows on screen and 200 others, not all of them (a season at
    // a million finishes has tens of thousands).
    m_table->horizontalHeader()->setResizeContentsPrecision(200);
    m_summary = new QLabel(this);
    m_summary->setObjectName(QStringLiteral("tierSummary"));
    m_summary->setWordWrap(true);

    auto* controls = new QHBoxLayout;
    controls->addWidget(new QLabel(tr("Season:"), this));
    controls->addWidget(m_season);
    controls->addWidget(m_onlyMeeting);
    controls->addStretch();
    auto* layout = new QVBoxLayout(this);
    layout->addLayout(controls);
    layout->addWidget(m_table, 1);
    layout->addWidget(m_summary);

    connect(m_season, &QComboBox::currentIndexChanged, this, [this] { recompute(); });
    connect(m_onlyMeeting, &QCheckBox::toggled, this, &TierReport::setOnlyMeeting);
    connect(m_history, &TourHistory::loaded, this, &TierReport::historyLoaded);
    connect(m_history, &TourHistory::statusChanged, m_summary, &QLabel::setText);
    connect(m_watcher, &QFutureWatcher<TierReportResult>::finished, this, [this] {
        TierReportResult result = m_watcher->result();
        if (result.computedLocks) // still this history's, whichever season they were for
            m_storing->setFuture(storeTourLocksInBackground(m_store, std::move(result.computedLocks)));
        if (result.season != season())
            return; // a newer request is on its way
        m_computing = false;
        m_locksReused = result.locksReused;
        m_locksComputed = result.locksComputed;
        m_model->setRows(result.rows);
        m_table->resizeColumnsToContents();
        if (!result.error.isEmpty())
            m_summary->setText(result.error);
        else
            updateSummary();
        Q_EMIT reportReady();
    });
    connect(m_storing, &QFutureWatcher<int>::finished, this,
            [this] { Q_EMIT locksStored(m_storing->result()); });
    refresh();
}

TierReport::~TierReport() = default;

QString TierReport::season() const
{
    return m_season->currentData().toString();
}

QStringList TierReport::seasons() const
{
    QStringList list;
    for (int i = 0; i < m_season->count(); ++i)
        list.append(m_season->itemData(i).toString());
    return list;
}

bool TierReport::isComputing() const
{
    return m_computing || m_history->isReading();
}

void TierReport::setSeason(const QString& season)
{
    if (m_history->isReading()) {
        m_wantedSeason = season; // chosen once the history is in
        return;
    }
    const int index = m_season->findData(season);
    if (index >= 0)
        m_season->setCurrentIndex(index);
}

void TierReport::setOnlyMeeting(bool only)
{
    m_onlyMeeting->setChecked(only);
    m_model->setOnlyMeeting(only);
    updateSummary();
}

void TierReport::refresh()
{
    m_history->read();
}

void TierReport::checkHistory()
{
    m_history->readAgainIfChanged();
}

void TierReport::showEvent(QShowEvent* event)
{
    QWidget::showEvent(event);
    checkHistory(); // a change made while the tab was hidden, announced or not
}

void TierReport::historyLoaded(const LoadedHistory& loaded)
{
    if (!loaded.folder) {
        m_folder = std::make_shared<const core::HistoryFolder>();
        m_summary->setText(loaded.error);
    } else {
        m_folder = loaded.folder;
    }
    fillSeasonBox(*m_season, *m_folder, m_wantedSeason.isEmpty() ? season() : m_wantedSeason);
    m_wantedSeason.clear();
    if (loaded.folder)
        recompute();
}

void TierReport::recompute()
{
    const QString label = season();
    if (label.isEmpty()) {
        m_model->setRows({});
        m_summary->setText(tr("The database holds no finished events."));
        return;
    }
    // The parameters and the stored locks are read with the computation, on a connection of its own.
    std::shared_ptr<core::Store> worker;
    try {
        worker = m_store.openWorker();
    } catch (const core::StoreError& error) {
        m_summary->setText(error.message());
        return;
    }
    m_summary->setText(tr("Computing the Tier report…"));
    m_computing = true;
    m_watcher->setFuture(
        runInThreadPool([worker, folder = m_folder, generation = m_history->generation(), label]() mutable {
            TierReportResult result;
            try {
                engine::FlickSkillParameters parameters;
                worker->flickSkillParameters().applyTo(parameters);
                const std::map<engine::DayNumber, engine::MonthlyLock> reusable =
                    core::reusableTourLocks(*worker, *folder, parameters, tierReportEvents(label));
                worker.reset(); // closed in the thread that used it
                return computeTierReport(folder, parameters, label, reusable, generation);
            } catch (const core::StoreError& error) {
                result.season = label;
                result.error = error.message();
            }
            return result;
        }));
}

void TierReport::updateSummary()
{
    int meeting = 0;
    for (const TierReportRow& row : m_model->rows())
        meeting += row.meetsHigherTierFloor ? 1 : 0;
    // DECISIONS P10: the Tier guarantee check.
    m_summary->setText(tr("Season %1: %2 of %3 Tour events met a higher Tier's points floor (their "
                          "winner points before any floor reach 30 for Tier 2, 40 for Tier 1).")
                           .arg(season())
                           .arg(meeting)
                           .arg(m_model->rows().size()));
}

} // namespace flickdesk::ui
