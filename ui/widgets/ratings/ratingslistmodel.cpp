#include "widgets/ratings/ratingslistmodel.h"

namespace flickdesk::ui {

RatingsListModel::RatingsListModel(QObject* parent)
    : QAbstractTableModel(parent)
{
}

void RatingsListModel::setRows(std::vector<PlayerRatingRow> rows)
{
    beginResetModel();
    m_rows = std::move(rows);
    endResetModel();
}

int RatingsListModel::rowCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : static_cast<int>(m_rows.size());
}

int RatingsListModel::columnCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

QVariant RatingsListModel::data(const QModelIndex& index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return {};
    const PlayerRatingRow& r = m_rows[static_cast<std::size_t>(index.row())];
    switch (role) {
    case Qt::DisplayRole:
        switch (index.column()) {
        case PlayerColumn:
            return r.playerId;
        case NameColumn:
            return r.name;
        case MuColumn:
            return QString::number(r.mu, 'f', 3);
        case SigmaColumn:
            return QString::number(r.sigma, 'f', 3);
        case ConservativeColumn:
            return QString::number(r.conservative(), 'f', 3);
        case EventsColumn:
            return r.eventsPlayed;
        case LastPlayedColumn:
            return r.lastPlayed.toString(Qt::ISODate);
        default:
            return {};
        }
    case SortRole:
        switch (index.column()) {
        case PlayerColumn:
            return r.playerId;
        case NameColumn:
            return r.name;
        case MuColumn:
            return r.mu;
        case SigmaColumn:
            return r.sigma;
        case ConservativeColumn:
            return r.conservative();
        case EventsColumn:
            return r.eventsPlayed;
        case LastPlayedColumn:
            return r.lastPlayed;
        default:
            return {};
        }
    case Qt::TextAlignmentRole:
        if (index.column() == PlayerColumn || index.column() == NameColumn)
            return QVariant::fromValue(Qt::AlignLeft | Qt::AlignVCenter);
        return QVariant::fromValue(Qt::AlignRight | Qt::AlignVCenter);
    case Qt::ToolTipRole:
        if (index.column() == ConservativeColumn)
            return tr("mu - 3 sigma: a rating the player very likely exceeds");
        return {};
    case PlayerIdRole:
        return r.playerId;
    case LastPlayedRole:
        return r.lastPlayed;
    case PlayedCompetitiveRole:
        return r.playedCompetitive;
    case PlayedRecreationalRole:
        return r.playedRecreational;
    default:
        return {};
    }
}

QVariant RatingsListModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return QAbstractTableModel::headerData(section, orientation, role);
    switch (section) {
    case PlayerColumn:
        return tr("Player");
    case NameColumn:
        return tr("Name");
    case MuColumn:
        return tr("μ");
    case SigmaColumn:
        return tr("σ");
    case ConservativeColumn:
        return tr("μ − 3σ");
    case EventsColumn:
        return tr("Events");
    case LastPlayedColumn:
        return tr("Last played");
    default:
        return {};
    }
}

} // namespace flickdesk::ui
