#pragma once

// The table of a player's page (PlayerPage): every event they played with place, points, rating
// before and after, and what the result meant.

#include "core/formats/historyreader.h"
#include "flickdesk/engine/flickskill.h"

#include <QAbstractTableModel>
#include <QDate>
#include <QHash>
#include <QString>
#include <optional>
#include <vector>

namespace flickdesk::ui {

// The ratings of an event's field before it, by player id, and where they come from.
struct FieldRatingsBefore {
    enum class Basis { Award, Lock, Run };
    Basis basis = Basis::Run;
    QString lockMonth;                        // YYYY-MM for Award and Lock
    QHash<QString, engine::Gaussian> ratings; // players absent have the prior (N6)
    QHash<QString, double> awards;            // Award: each player's frozen award
};

// One event of a player.
struct PlayerEventRow {
    QString eventId;
    QDate date;
    QString eventName;
    engine::EventFormat format = engine::EventFormat::Singles;
    core::Tour tour = core::Tour::None;
    int place = 0;                // the unit's place; 0 for an event rated from its games without places
    int fieldSize = 0;            // units that began (DECISIONS P3)
    std::optional<double> points; // the award; or, not yet awarded, what the lock would pay
    bool pointsAwarded = false;
    FieldRatingsBefore::Basis basis = FieldRatingsBefore::Basis::Run;
    QString lockMonth;
    engine::Gaussian before; // sigma without the drift: as the lock or the run has it
    engine::Gaussian after;
    double fieldAverage = 0.0;
    std::optional<double> expectedPlace;
    QString explanation;
};

class PlayerEventsModel : public QAbstractTableModel {
    Q_OBJECT

public:
    enum Column {
        DateColumn,
        EventColumn,
        PlaceColumn,
        PointsColumn,
        BeforeColumn,
        AfterColumn,
        ChangeColumn,
        ExplanationColumn,
        ColumnCount
    };
    enum Role { SortRole = Qt::UserRole + 1, EventIdRole };

    explicit PlayerEventsModel(QObject* parent = nullptr);

    void setRows(std::vector<PlayerEventRow> rows);
    const std::vector<PlayerEventRow>& rows() const { return m_rows; }

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

private:
    std::vector<PlayerEventRow> m_rows;
};

} // namespace flickdesk::ui
