#pragma once

// A table of text from a rating pool (core/systems/systems.h SystemTable): the pool's ratings or standings,
// a player's history, or the games entered. Read-only; sorting belongs to a QSortFilterProxyModel
// over it: SortRole gives a number for a cell that reads as one ("=3" as 3), the text otherwise.

#include "core/systems/systems.h"

#include <QAbstractTableModel>

namespace flickdesk::ui {

class PoolTableModel : public QAbstractTableModel {
    Q_OBJECT

public:
    enum Role {
        SortRole = Qt::UserRole + 1, // double for a number, QString otherwise
    };

    explicit PoolTableModel(QObject* parent = nullptr);

    // Replaces the whole table (a model reset).
    void setTable(const core::SystemTable& table);
    const core::SystemTable& table() const { return m_table; }
    // The column named `name` (any case), -1 when there is none.
    int columnOf(const QString& name) const;
    QString cell(int row, int column) const;

    int rowCount(const QModelIndex& parent = QModelIndex()) const override;
    int columnCount(const QModelIndex& parent = QModelIndex()) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

private:
    core::SystemTable m_table;
};

} // namespace flickdesk::ui
