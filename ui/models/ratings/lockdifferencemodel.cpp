#include "models/ratings/lockdifferencemodel.h"

#include <QColor>
#include <cmath>

namespace flickdesk::ui {

LockDifferenceModel::LockDifferenceModel(QObject* parent)
    : QAbstractTableModel(parent)
{
}

void LockDifferenceModel::setDifferences(std::vector<LockDifference> differences)
{
    beginResetModel();
    m_differences = std::move(differences);
    endResetModel();
}

int LockDifferenceModel::rowCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : static_cast<int>(m_differences.size());
}

int LockDifferenceModel::columnCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

QVariant LockDifferenceModel::data(const QModelIndex& index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return {};
    const LockDifference& d = m_differences[static_cast<std::size_t>(index.row())];
    // "old → new", the change in brackets; DECISIONS P8: FSI and FDI to 3 decimals, points to 0.1.
    const auto change = [](double before, double after, int decimals) {
        const double delta = after - before;
        const QString sign = delta >= 0.0 ? QStringLiteral("+") : QString();
        return QStringLiteral("%1 → %2 (%3%4)")
            .arg(QString::number(before, 'f', decimals), QString::number(after, 'f', decimals), sign,
                 QString::number(delta, 'f', decimals));
    };
    if (role == Qt::DisplayRole) {
        switch (index.column()) {
        case EventColumn:
            return d.eventName.isEmpty() ? d.eventId : tr("%1 (%2)").arg(d.eventName, d.eventId);
        case DateColumn:
            return d.date;
        case LockColumn:
            return d.lockMonth;
        case FsiColumn:
            return change(d.oldFsi, d.newFsi, 3);
        case FdiColumn:
            return change(d.oldFdi, d.newFdi, 3);
        case WinnerColumn:
            return change(d.oldWinnerPoints, d.newWinnerPoints, 1);
        default:
            return {};
        }
    }
    if (role == Qt::ToolTipRole && index.column() >= FsiColumn)
        return tr("Awarded with the lock of %1; the recomputed lock would give the second value. The award "
                  // DECISIONS P2: re-awarding is an explicit, logged action.
                  "stays as it was: re-awarding is an explicit, logged action.")
            .arg(d.lockMonth);
    if (role == Qt::ForegroundRole && index.column() >= FsiColumn) {
        const bool changed = std::abs(d.newFsi - d.oldFsi) >= 0.0005 ||
                             std::abs(d.newFdi - d.oldFdi) >= 0.0005 ||
                             std::abs(d.newWinnerPoints - d.oldWinnerPoints) >= 0.05;
        return changed ? QVariant(QColor(170, 60, 0)) : QVariant();
    }
    return {};
}

QVariant LockDifferenceModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return QAbstractTableModel::headerData(section, orientation, role);
    switch (section) {
    case EventColumn:
        return tr("Awarded event");
    case DateColumn:
        return tr("Date");
    case LockColumn:
        return tr("Lock");
    case FsiColumn:
        return tr("FSI");
    case FdiColumn:
        return tr("FDI");
    case WinnerColumn:
        return tr("Winner points");
    default:
        return {};
    }
}

} // namespace flickdesk::ui
