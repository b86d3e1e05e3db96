#include "models/pools/pooltablemodel.h"

namespace flickdesk::ui {

PoolTableModel::PoolTableModel(QObject* parent)
    : QAbstractTableModel(parent)
{
}

void PoolTableModel::setTable(const core::SystemTable& table)
{
    beginResetModel();
    m_table = table;
    endResetModel();
}

int PoolTableModel::columnOf(const QString& name) const
{
    for (qsizetype i = 0; i < m_table.columns.size(); ++i) {
        if (m_table.columns[i].compare(name, Qt::CaseInsensitive) == 0)
            return static_cast<int>(i);
    }
    return -1;
}

QString PoolTableModel::cell(int row, int column) const
{
    if (row < 0 || row >= m_table.rows.size())
        return {};
    return m_table.rows[row].value(column);
}

int PoolTableModel::rowCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : static_cast<int>(m_table.rows.size());
}

int PoolTableModel::columnCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : static_cast<int>(m_table.columns.size());
}

QVariant PoolTableModel::data(const QModelIndex& index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return {};
    const QString text = cell(index.row(), index.column());
    switch (role) {
    case Qt::DisplayRole:
    case Qt::ToolTipRole:
        return text;
    case Qt::TextAlignmentRole: {
        bool number = false;
        QString(text).remove(u'=').toDouble(&number);
        return number ? QVariant(Qt::AlignRight | Qt::AlignVCenter)
                      : QVariant(Qt::AlignLeft | Qt::AlignVCenter);
    }
    case SortRole: {
        // A shared place is written "=3": it sorts as 3.
        bool number = false;
        const double value = QString(text).remove(u'=').toDouble(&number);
        return number ? QVariant(value) : QVariant(text);
    }
    default:
        return {};
    }
}

QVariant PoolTableModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (role != Qt::DisplayRole)
        return {};
    if (orientation == Qt::Vertical)
        return section + 1;
    if (section < 0 || section >= m_table.columns.size())
        return {};
    return m_table.columns[section];
}

} // namespace flickdesk::ui
