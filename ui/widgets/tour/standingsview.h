#pragma once

// NCA Tour standings of one season and division (spec 000 §1; DECISIONS T1-T3): rank, player,
// total of the best 5 (competitive) or 4 (recreational) awards, the events counted, the tie-break
// note, the champion and the Recreational title's once-only rule, the Finale setting (stored with
// Store::setSetting(Store::finaleKey(season))), print and save as PDF.
//
// The awards are those `flickdesk-cli standings --db` computes: each Tour event paid from the
// monthly lock of its month (core::computeTourPoints), except that an awarded event counts with
// the awards frozen with it (DECISIONS P2). Computed in the background.

#include "core/awards/tourpoints.h"
#include "core/formats/historyreader.h"
#include "core/records/awardrecords.h"
#include "core/store/storefwd.h"
#include "flickdesk/engine/standings.h"
#include "models/ratings/recomputejob.h"
#include "widgets/tour/seasonview.h"
#include "models/tour/standingsmodel.h"

#include <QAbstractTableModel>
#include <QFutureWatcher>
#include <QHash>
#include <QWidget>
#include <map>
#include <optional>
#include <set>

class QComboBox;
class QLabel;
class QPagedPaintDevice;
class QPushButton;
class QTableView;

namespace flickdesk::ui {

// Everything the computation needs, read off the store through a worker connection in the pool.
struct StandingsInput {
    std::shared_ptr<const core::HistoryFolder> folder;
    engine::FlickSkillParameters parameters;
    core::TourSeasonRequest request;
    std::map<QString, core::AwardRecord> frozenAwards; // awarded events' current awards (P2)
    QHash<QString, QString> names;
    // DECISIONS P1: the database's locks of the season's months that are this history's, holding
    // only the entrants (core::reusableTourLocks); the other months are computed.
    std::map<engine::DayNumber, engine::MonthlyLock> reusable;
    qint64 generation = 0; // Store::historyGeneration before `folder` was read
};

// `folder` is the stored history (Store::loadHistory); the rest is read from the store.
StandingsInput readStandingsInput(core::Store& store, std::shared_ptr<const core::HistoryFolder> folder,
                                  const QString& season, engine::Division division);
StandingsResult computeStandings(const StandingsInput& input);

// The T3 note for the recreational division, e.g. "1727 ranked higher but won the title before".
QString championText(const StandingsResult& result);

class StandingsView : public SeasonView {
    Q_OBJECT

public:
    // Reads the seasons of the stored history and computes the latest season's competitive
    // standings in the background.
    explicit StandingsView(core::Store& store, QWidget* parent = nullptr);
    // A computation still running owns copies of its data: it ends on its own, unheard.
    ~StandingsView() override;

    engine::Division division() const;
    const StandingsResult& result() const { return *m_result; }
    StandingsModel* model() const { return m_model; }
    QTableView* table() const { return tableView(); }
    QLabel* championLabel() const { return m_champion; }
    QComboBox* finaleBox() const { return m_finale; }

    // The standings as an HTML document: what printing and the PDF show.
    QString html() const;
    // Prints the standings on `device` (a QPrinter or a QPdfWriter).
    void printOn(QPagedPaintDevice* device) const;
    // Writes the standings as a PDF; false, with errorString set, when it cannot be written.
    bool savePdf(const QString& path, QString* errorString = nullptr) const;

public Q_SLOTS:
    void setDivision(flickdesk::engine::Division division);
    // DECISIONS T2: the season's Finale; empty restores the default (the season's WCC Singles).
    // Stored in the database's settings.
    void setFinale(const QString& eventId);
    void print(); // the print dialog, then prints
    void savePdfWithDialog();

Q_SIGNALS:
    void standingsReady(); // the model shows the current season and division

protected:
    void recompute() override;
    void seasonChosen() override { fillFinales(); }
    void clearResult() override;

private:
    void fillFinales();
    void showResult(StandingsResultPtr result);

    StandingsResultPtr m_result;
    // The result is the task's own until taken: its computed locks go to the store.
    QFutureWatcher<std::shared_ptr<StandingsResult>>* m_watcher = nullptr;
    StandingsModel* m_model = nullptr;
    QComboBox* m_division = nullptr;
    QComboBox* m_finale = nullptr;
    QLabel* m_champion = nullptr;
    QPushButton* m_print = nullptr;
    QPushButton* m_pdf = nullptr;
};

} // namespace flickdesk::ui
