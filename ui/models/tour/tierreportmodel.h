#pragma once

// The table of the Tier report (TierReport): each Tour event of a season with its Tier, field,
// strength, winner points and the higher Tier's floor it met (DECISIONS P10).

#include "core/formats/historyreader.h"
#include "flickdesk/engine/points.h"

#include <QAbstractTableModel>
#include <QDate>
#include <optional>
#include <vector>

namespace flickdesk::ui {

struct TierReportRow {
    QString eventId;
    QDate date;
    QString name;
    core::Tour tour = core::Tour::None;
    engine::EventFormat format = engine::EventFormat::Singles;
    engine::Tier tier = engine::Tier::Three;
    int fieldSize = 0;
    double unflooredFieldStrength = 0.0;
    double unflooredWinnerPoints = 0.0;
    double fieldStrengthIndex = 0.0; // after the Tier floor (DECISIONS P4)
    std::optional<engine::Tier> meetsHigherTierFloor;
};

class TierReportModel : public QAbstractTableModel {
    Q_OBJECT

public:
    enum Column {
        DateColumn,
        EventColumn,
        TourColumn,
        TierColumn,
        FieldColumn,
        StrengthColumn,
        WinnerColumn,
        MeetsColumn,
        ColumnCount
    };
    enum Role { MeetsHigherTierRole = Qt::UserRole + 1, EventIdRole };

    explicit TierReportModel(QObject* parent = nullptr);

    void setRows(std::vector<TierReportRow> rows);
    const std::vector<TierReportRow>& rows() const { return m_rows; }
    // Only the events that met a higher Tier's floor.
    void setOnlyMeeting(bool only);
    bool onlyMeeting() const { return m_onlyMeeting; }

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

private:
    void select();

    std::vector<TierReportRow> m_rows;
    std::vector<std::size_t> m_shown; // indices into m_rows
    bool m_onlyMeeting = false;
};

} // namespace flickdesk::ui
