#pragma once

// The table of RecomputeDialog: what a recompute would change for the awarded events.

#include "models/ratings/recomputejob.h"

#include <QAbstractTableModel>
#include <vector>

namespace flickdesk::ui {

// Awarded events: the frozen FSI, FDI and winner points beside what the recomputed lock would give.
class LockDifferenceModel : public QAbstractTableModel {
    Q_OBJECT

public:
    enum Column { EventColumn, DateColumn, LockColumn, FsiColumn, FdiColumn, WinnerColumn, ColumnCount };
    explicit LockDifferenceModel(QObject* parent = nullptr);

    void setDifferences(std::vector<LockDifference> differences);
    const std::vector<LockDifference>& differences() const { return m_differences; }

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

private:
    std::vector<LockDifference> m_differences;
};

} // namespace flickdesk::ui
