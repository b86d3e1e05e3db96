#pragma once

// Place -> points of one payout table, read-only, for the morning preview and the simulator.

#include "core/awards/payout.h"
#include "flickdesk/engine/points.h"

#include <QAbstractTableModel>
#include <vector>

namespace flickdesk::ui {

// DECISIONS P7 lives with the one payout path (core/awards/payout.h).
using core::pointsWithoutDepthLift;

// One row per place 1..N. A new table changes only what differs: rows are inserted or removed at
// the end and dataChanged names the changed rows, so a view keeps its selection and scroll position
// while entrants check in. The morning preview's model (PayoutPreviewModel) is one of these: the
// table the preview shows is the model the session computes, diffed once per edit.
class PayoutTableModel : public QAbstractTableModel {
    Q_OBJECT

public:
    enum Column {
        PlaceColumn,
        PointsColumn,    // the award, rounded to 0.1 (DECISIONS P8)
        DepthLiftColumn, // how much of the award the field's depth adds
        ColumnCount
    };

    enum Role {
        PlaceRole = Qt::UserRole + 1, // int
        PointsRole,                   // double: unrounded points, as the engine computed them
        AwardRole,                    // double: the award rounded to 0.1
        PointsWithoutDepthLiftRole,   // double: unrounded, FDI 0
    };

    explicit PayoutTableModel(QObject* parent = nullptr);

    // True when anything differs from the table shown before: a row, N, FSI, FDI, the Tier or the cap.
    bool setTable(const engine::PayoutTable& table);
    void clear();

    const engine::PayoutTable& table() const { return m_table; }
    const std::vector<double>& pointsWithoutDepthLift() const { return m_withoutLift; }

    int rowCount(const QModelIndex& parent = QModelIndex()) const override;
    int columnCount(const QModelIndex& parent = QModelIndex()) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;
    Qt::ItemFlags flags(const QModelIndex& index) const override;

private:
    bool rowDiffers(std::size_t row, const engine::PayoutTable& table,
                    const std::vector<double>& withoutLift) const;

    engine::PayoutTable m_table;
    std::vector<double> m_withoutLift;
};

} // namespace flickdesk::ui
