#pragma once

// The Tier report of a season (DECISIONS P10): every Tour event of the season with its Tier, its
// field, its unfloored strength (mean of the top units / 3.3) and winner points (x 50), and which
// higher Tier's points floor it met (Tier 2: 30, Tier 1: 40). An event that meets a higher Tier's
// floor can be given that Tier in a later season (spec 000 "Will the determination of Tournament
// Tiers Change?"). Computed as `flickdesk-cli points` reports it: each event from the monthly
// lock of its month (core::computeTourPoints), in the background.

#include "core/formats/historyreader.h"
#include "core/store/storefwd.h"
#include "flickdesk/engine/points.h"
#include "models/ratings/recomputejob.h"
#include "widgets/tour/seasonview.h"
#include "models/tour/tierreportmodel.h"

#include <QAbstractTableModel>
#include <QFutureWatcher>
#include <QWidget>
#include <map>
#include <memory>
#include <optional>
#include <vector>

class QCheckBox;
class QComboBox;
class QLabel;
class QTableView;

namespace flickdesk::ui {

struct TierReportResult {
    QString season;
    std::vector<TierReportRow> rows; // by date
    QString error;
    // DECISIONS P1: the months whose lock was read from the database and those computed for want of
    // one; the computed ones, to be stored for the next view (storeTourLocksInBackground).
    int locksReused = 0;
    int locksComputed = 0;
    std::shared_ptr<const core::ComputedTourLocks> computedLocks;
};

// Every Tour event (competitive and recreational) of `season`. `folder` is the stored history
// (Store::loadHistory) read at `generation` (Store::historyGeneration); `reusable`, the stored
// locks of its months that are its own (core::reusableTourLocks): the others are computed.
TierReportResult computeTierReport(std::shared_ptr<const core::HistoryFolder> folder,
                                   const engine::FlickSkillParameters& parameters, const QString& season,
                                   const std::map<engine::DayNumber, engine::MonthlyLock>& reusable = {},
                                   qint64 generation = 0);
// The events computeTierReport takes.
core::TourEventFilter tierReportEvents(const QString& season);

class TierReport : public SeasonView {
    Q_OBJECT

public:
    // Reads the seasons of the stored history and reports the latest in the background.
    explicit TierReport(core::Store& store, QWidget* parent = nullptr);
    // A computation still running owns copies of its data: it ends on its own, unheard.
    ~TierReport() override;

    TierReportModel* model() const { return m_model; }
    QLabel* summaryLabel() const { return statusLabel(); }
    // DECISIONS P1: of the shown report's months, those whose lock was read from the database and
    // those computed for want of one.
    int locksReused() const { return m_locksReused; }
    int locksComputed() const { return m_locksComputed; }

public Q_SLOTS:
    void setOnlyMeeting(bool only);

Q_SIGNALS:
    void reportReady();

protected:
    void recompute() override;
    void clearResult() override;

private:
    void updateSummary();

    QFutureWatcher<TierReportResult>* m_watcher = nullptr;
    int m_locksReused = 0;
    int m_locksComputed = 0;
    TierReportModel* m_model = nullptr;
    QCheckBox* m_onlyMeeting = nullptr;
};

} // namespace flickdesk::ui
