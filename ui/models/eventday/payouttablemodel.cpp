#include "models/eventday/payouttablemodel.h"

#include <QLocale>
#include <algorithm>

namespace flickdesk::ui {

PayoutTableModel::PayoutTableModel(QObject* parent)
    : QAbstractTableModel(parent)
{
}

bool PayoutTableModel::rowDiffers(std::size_t row, const engine::PayoutTable& table,
                                  const std::vector<double>& withoutLift) const
{
    return m_table.points[row] != table.points[row] || m_table.awards[row] != table.awards[row] ||
           m_withoutLift[row] != withoutLift[row];
}

bool PayoutTableModel::setTable(const engine::PayoutTable& table)
{
    if (&table == &m_table)
        return false; // the model's own table: nothing changes
    const bool figuresDiffer = m_table.format != table.format || m_table.tier != table.tier ||
                               m_table.fieldSize != table.fieldSize ||
                               m_table.unflooredFieldStrength != table.unflooredFieldStrength ||
                               m_table.fieldStrengthIndex != table.fieldStrengthIndex ||
                               m_table.fieldDepthIndex != table.fieldDepthIndex ||
                               m_table.experimentalCap != table.experimentalCap ||
                               m_table.capApplied != table.capApplied ||
                               m_table.unflooredWinnerPoints != table.unflooredWinnerPoints ||
                               m_table.meetsHigherTierFloor != table.meetsHigherTierFloor;
    std::vector<double> withoutLift = ui::pointsWithoutDepthLift(table);
    const int oldRows = rowCount();
    const int newRows = static_cast<int>(table.points.size());
    const auto common = static_cast<std::size_t>(std::min(oldRows, newRows));

    // A check-in or a withdrawal before the start moves the last place: rows go or come at the end.
    if (newRows < oldRows) {
        beginRemoveRows(QModelIndex(), newRows, oldRows - 1);
        m_table.points.resize(common);
        m_table.awards.resize(common);
        m_withoutLift.resize(common);
        endRemoveRows();
    }

    // The rows both tables have: adopt the new values, then name the runs of rows that changed.
    std::vector<std::pair<int, int>> changedRuns;
    for (std::size_t row = 0; row < common; ++row) {
        if (!rowDiffers(row, table, withoutLift))
            continue;
        const int r = static_cast<int>(row);
        if (!changedRuns.empty() && changedRuns.back().second == r - 1)
            changedRuns.back().second = r;
        else
            changedRuns.emplace_back(r, r);
    }
    engine::PayoutTable adopted = table;
    adopted.points.resize(common);
    adopted.awards.resize(common);
    m_table = std::move(adopted);
    m_withoutLift.assign(withoutLift.begin(), withoutLift.begin() + static_cast<std::ptrdiff_t>(common));
    for (const auto& [first, last] : changedRuns)
        Q_EMIT dataChanged(index(first, PointsColumn), index(last, DepthLiftColumn));

    if (newRows > oldRows) {
        beginInsertRows(QModelIndex(), oldRows, newRows - 1);
        m_table.points = table.points;
        m_table.awards = table.awards;
        m_withoutLift = std::move(withoutLift);
        endInsertRows();
    }
    return figuresDiffer || !changedRuns.empty() || newRows != oldRows;
}

void PayoutTableModel::clear()
{
    setTable(engine::PayoutTable{});
}

int PayoutTableModel::rowCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : static_cast<int>(m_table.points.size());
}

int PayoutTableModel::columnCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

QVariant PayoutTableModel::data(const QModelIndex& index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return {};
    const auto row = static_cast<std::size_t>(index.row());
    const int place = index.row() + 1;
    const double points = m_table.points[row];
    const double award = m_table.awards[row];

    switch (role) {
    case PlaceRole:
        return place;
    case PointsRole:
        return points;
    case AwardRole:
        return award;
    case PointsWithoutDepthLiftRole:
        return m_withoutLift[row];
    case Qt::TextAlignmentRole:
        return QVariant::fromValue(Qt::Alignment(Qt::AlignRight | Qt::AlignVCenter));
    case Qt::DisplayRole:
        break;
    case Qt::ToolTipRole:
        if (index.column() == PointsColumn)
            return tr("%1 points before rounding to 0.1").arg(QLocale().toString(points, 'f', 6));
        if (index.column() == DepthLiftColumn && place > 1)
            return tr("%1 points with FDI 0")
                .arg(QLocale().toString(engine::roundAward(m_withoutLift[row]), 'f', 1));
        return {};
    default:
        return {};
    }

    switch (index.column()) {
    case PlaceColumn:
        return QLocale().toString(place);
    case PointsColumn:
        return QLocale().toString(award, 'f', 1);
    case DepthLiftColumn: {
        // DECISIONS P7: the winner gets FSI x 50 exactly; depth lifts only the places after it.
        if (place == 1)
            return QStringLiteral("\u2013");
        // Whole tenths, so that the lift and the award without it add up to the published award.
        const long long tenths = engine::awardTenths(points) - engine::awardTenths(m_withoutLift[row]);
        return QLocale().toString(static_cast<double>(tenths) / 10.0, 'f', 1);
    }
    default:
        return {};
    }
}

QVariant PayoutTableModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal)
        return QAbstractTableModel::headerData(section, orientation, role);
    if (role == Qt::DisplayRole) {
        switch (section) {
        case PlaceColumn:
            return tr("Place");
        case PointsColumn:
            return tr("Points");
        case DepthLiftColumn:
            return tr("Depth lift");
        default:
            return {};
        }
    }
    if (role == Qt::ToolTipRole) {
        switch (section) {
        case PointsColumn:
            return tr("Field-Weighted Points for the place, rounded to 0.1");
        case DepthLiftColumn:
            return tr("Points the depth of the field (FDI) adds to the place");
        default:
            return {};
        }
    }
    return {};
}

Qt::ItemFlags PayoutTableModel::flags(const QModelIndex& index) const
{
    if (!index.isValid())
        return Qt::NoItemFlags;
    return Qt::ItemIsEnabled | Qt::ItemIsSelectable | Qt::ItemNeverHasChildren;
}

} // namespace flickdesk::ui
