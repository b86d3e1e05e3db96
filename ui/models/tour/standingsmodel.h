#pragma once

// The table of the NCA Tour standings (StandingsView): rank, player, total, the events counted,
// the tie-break note; the champion in bold (DECISIONS T3).

#include "core/awards/tourlocks.h"
#include "flickdesk/engine/standings.h"

#include <QAbstractTableModel>
#include <QHash>
#include <QString>
#include <memory>
#include <set>
#include <string>
#include <vector>

namespace flickdesk::ui {

// A season total from whole tenths, as the table and the leader line print it ("68.4").
QString totalText(long long tenths);

struct StandingsResult {
    QString season;
    engine::Division division = engine::Division::Competitive;
    engine::TourStandings standings;
    QString finaleEventId; // empty: no Finale
    QString finaleName;
    int events = 0;                                     // Tour events of the season and division
    std::set<std::string> earlierRecreationalChampions; // DECISIONS T3
    // DECISIONS T2: the season's Finale has its results; until then the top is "leader", never
    // "champion" (core::seasonDecided).
    bool decided = false;
    QHash<QString, QString> names;
    QString error; // an unknown season or Finale, or a defect: nothing computed
    // DECISIONS P1: the months whose lock was read from the database and those computed for want of
    // one; the computed ones, to be stored for the next view (ui::storeTourLocksInBackground).
    int locksReused = 0;
    int locksComputed = 0;
    std::shared_ptr<const core::ComputedTourLocks> computedLocks;
};

// A result as the window holds it: shared between the view and its model, never copied on the
// window's thread (at a million finishes a season's standings are 58,295 rows).
using StandingsResultPtr = std::shared_ptr<const StandingsResult>;

class StandingsModel : public QAbstractTableModel {
    Q_OBJECT

public:
    enum Column { RankColumn, PlayerColumn, NameColumn, TotalColumn, CountedColumn, NoteColumn, ColumnCount };
    enum Role { SortRole = Qt::UserRole + 1, PlayerIdRole, ChampionRole };

    explicit StandingsModel(QObject* parent = nullptr);

    void setResult(StandingsResultPtr result);
    const std::vector<engine::StandingsRow>& rows() const { return m_result->standings.rows; }

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

private:
    bool isChampion(const engine::StandingsRow& row) const;

    StandingsResultPtr m_result;
};

} // namespace flickdesk::ui
