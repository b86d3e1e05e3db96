#include "widgets/tour/tierreport.h"

#include "core/awards/tourpoints.h"
#include "core/store/store.h"
#include "core/translation.h"
#include "models/ratings/recomputejob.h"

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
    : SeasonView(store,
                 {QStringLiteral("tierSeason"), QStringLiteral("tierTable"), QStringLiteral("tierSummary")},
                 parent)
    , m_watcher(new QFutureWatcher<TierReportResult>(this))
    , m_model(new TierReportModel(this))
{
    m_onlyMeeting = new QCheckBox(tr("Only events that met a higher Tier's points floor"), this);
    m_onlyMeeting->setObjectName(QStringLiteral("tierOnlyMeeting"));
    tableView()->setModel(m_model);
    controls()->addWidget(m_onlyMeeting);
    controls()->addStretch();
    setTabOrder(seasonBox(), m_onlyMeeting);
    setTabOrder(m_onlyMeeting, tableView());

    connect(m_onlyMeeting, &QCheckBox::toggled, this, &TierReport::setOnlyMeeting);
    connect(m_watcher, &QFutureWatcher<TierReportResult>::finished, this, [this] {
        TierReportResult result = m_watcher->result();
        // Still this history's, whichever season they were for.
        storeComputedLocks(std::move(result.computedLocks));
        if (result.season != season())
            return; // a newer request is on its way
        computationShown();
        m_locksReused = result.locksReused;
        m_locksComputed = result.locksComputed;
        m_model->setRows(result.rows);
        tableView()->resizeColumnsToContents();
        if (!result.error.isEmpty())
            setStatus(result.error);
        else
            updateSummary();
        Q_EMIT reportReady();
    });
    refresh();
}

TierReport::~TierReport() = default;

void TierReport::setOnlyMeeting(bool only)
{
    m_onlyMeeting->setChecked(only);
    m_model->setOnlyMeeting(only);
    updateSummary();
}

void TierReport::clearResult()
{
    m_model->setRows({});
}

void TierReport::recompute()
{
    // The parameters and the stored locks are read with the computation, on a connection of its own.
    std::shared_ptr<core::Store> worker = startComputing(tr("Computing the Tier report…"));
    if (!worker)
        return;
    m_watcher->setFuture(
        runInThreadPool([worker, folder = folder(), generation = generation(), label = season()]() mutable {
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
    setStatus(tr("Season %1: %2 of %3 Tour events met a higher Tier's points floor (their "
                 "winner points before any floor reach 30 for Tier 2, 40 for Tier 1).")
                  .arg(season())
                  .arg(meeting)
                  .arg(m_model->rows().size()));
}

} // namespace flickdesk::ui
