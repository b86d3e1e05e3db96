#include "models/tour/tierreportmodel.h"

#include <QColor>

namespace flickdesk::ui {

TierReportModel::TierReportModel(QObject* parent)
    : QAbstractTableModel(parent)
{
}

void TierReportModel::setRows(std::vector<TierReportRow> rows)
{
    beginResetModel();
    m_rows = std::move(rows);
    select();
    endResetModel();
}

void TierReportModel::setOnlyMeeting(bool only)
{
    if (only == m_onlyMeeting)
        return;
    beginResetModel();
    m_onlyMeeting = only;
    select();
    endResetModel();
}

void TierReportModel::select()
{
    m_shown.clear();
    for (std::size_t i = 0; i < m_rows.size(); ++i) {
        if (!m_onlyMeeting || m_rows[i].meetsHigherTierFloor)
            m_shown.push_back(i);
    }
}

int TierReportModel::rowCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : static_cast<int>(m_shown.size());
}

int TierReportModel::columnCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

QVariant TierReportModel::data(const QModelIndex& index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return {};
    const TierReportRow& r = m_rows[m_shown[static_cast<std::size_t>(index.row())]];
    switch (role) {
    case Qt::DisplayRole:
        switch (index.column()) {
        case DateColumn:
            return r.date.toString(Qt::ISODate);
        case EventColumn:
            return tr("%1 (%2)").arg(r.name, r.eventId);
        case TourColumn:
            return r.tour == core::Tour::Recreational ? tr("recreational") : tr("competitive");
        case TierColumn:
            return static_cast<int>(r.tier);
        case FieldColumn:
            return r.fieldSize;
        case StrengthColumn:
            return QString::number(r.unflooredFieldStrength, 'f', 3);
        case WinnerColumn:
            return QString::number(r.unflooredWinnerPoints, 'f', 1);
        case MeetsColumn:
            if (!r.meetsHigherTierFloor)
                return QString();
            return tr("Tier %1 floor (%2)")
                .arg(static_cast<int>(*r.meetsHigherTierFloor))
                .arg(engine::winnerPointsFloor(*r.meetsHigherTierFloor), 0, 'f', 0);
        default:
            return {};
        }
    case Qt::ToolTipRole:
        if (index.column() == StrengthColumn)
            return tr("Mean of the top %1 / 3.3, before the Tier floor; FSI after it: %2")
                .arg(r.format == engine::EventFormat::Doubles ? tr("10 teams") : tr("20 players"))
                .arg(r.fieldStrengthIndex, 0, 'f', 3);
        if (index.column() == WinnerColumn)
            // DECISIONS P10: the Tier guarantee check.
            return tr("Unfloored winner points: the strength x 50");
        return {};
    case Qt::ForegroundRole:
        if (index.column() == MeetsColumn && r.meetsHigherTierFloor)
            return QColor(0, 120, 40);
        return {};
    case Qt::TextAlignmentRole:
        if (index.column() == EventColumn || index.column() == TourColumn || index.column() == MeetsColumn)
            return QVariant::fromValue(Qt::AlignLeft | Qt::AlignVCenter);
        return QVariant::fromValue(Qt::AlignRight | Qt::AlignVCenter);
    case MeetsHigherTierRole:
        return r.meetsHigherTierFloor ? QVariant(static_cast<int>(*r.meetsHigherTierFloor)) : QVariant();
    case EventIdRole:
        return r.eventId;
    default:
        return {};
    }
}

QVariant TierReportModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return QAbstractTableModel::headerData(section, orientation, role);
    switch (section) {
    case DateColumn:
        return tr("Date");
    case EventColumn:
        return tr("Event");
    case TourColumn:
        return tr("Tour");
    case TierColumn:
        return tr("Tier");
    case FieldColumn:
        return tr("Field");
    case StrengthColumn:
        return tr("Strength (unfloored)");
    case WinnerColumn:
        return tr("Winner points (unfloored)");
    case MeetsColumn:
        return tr("Met a higher Tier's floor");
    default:
        return {};
    }
}

} // namespace flickdesk::ui
