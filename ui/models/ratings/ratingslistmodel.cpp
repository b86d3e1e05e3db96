#include "models/ratings/ratingslistmodel.h"

#include "core/formats/csvwriting.h"

#include <algorithm>
#include <numeric>

namespace flickdesk::ui {

RatingsListModel::RatingsListModel(QObject* parent)
    : QAbstractTableModel(parent)
{
}

void RatingsListModel::setRows(std::vector<PlayerRatingRow> rows)
{
    if (std::any_of(rows.begin(), rows.end(), [](const PlayerRatingRow& r) { return r.idRank < 0; }))
        rankByPlayerId(rows);
    sortRows(rows, m_sortColumn, m_sortOrder);
    beginResetModel();
    m_rows = std::move(rows);
    endResetModel();
}

bool RatingsListModel::rowLess(const PlayerRatingRow& a, const PlayerRatingRow& b, int column,
                               Qt::SortOrder order)
{
    const auto byValue = [&](const auto& x, const auto& y) {
        if (x < y)
            return order == Qt::AscendingOrder;
        if (y < x)
            return order == Qt::DescendingOrder;
        return a.idRank < b.idRank; // equal values: the player id decides, so the order is total
    };
    switch (column) {
    case NameColumn: {
        const int c = QString::compare(a.name, b.name, Qt::CaseInsensitive);
        return byValue(c, 0);
    }
    case MuColumn:
        return byValue(a.mu, b.mu);
    case SigmaColumn:
        return byValue(a.sigma, b.sigma);
    case ConservativeColumn:
        return byValue(a.conservative(), b.conservative());
    case EventsColumn:
        return byValue(a.eventsPlayed, b.eventsPlayed);
    case LastPlayedColumn:
        return byValue(a.lastPlayed, b.lastPlayed);
    case PlayerColumn:
    default:
        return byValue(a.idRank, b.idRank);
    }
}

void RatingsListModel::rankByPlayerId(std::vector<PlayerRatingRow>& rows)
{
    std::vector<std::size_t> order(rows.size());
    std::iota(order.begin(), order.end(), std::size_t{0});
    const auto idLess = [&rows](std::size_t a, std::size_t b) {
        return core::csv::playerIdLess(QStringView(rows[a].playerId), QStringView(rows[b].playerId));
    };
    if (!std::is_sorted(order.begin(), order.end(), idLess))
        std::sort(order.begin(), order.end(), idLess);
    for (std::size_t i = 0; i < order.size(); ++i)
        rows[order[i]].idRank = static_cast<int>(i);
}

void RatingsListModel::sortRows(std::vector<PlayerRatingRow>& rows, int column, Qt::SortOrder order)
{
    const auto less = [column, order](const PlayerRatingRow& a, const PlayerRatingRow& b) {
        return rowLess(a, b, column, order);
    };
    if (!std::is_sorted(rows.begin(), rows.end(), less))
        std::sort(rows.begin(), rows.end(), less); // a total order: stable needs no extra care
}

void RatingsListModel::sort(int column, Qt::SortOrder order)
{
    if (column < 0 || column >= ColumnCount)
        return;
    m_sortColumn = column;
    m_sortOrder = order;
    const auto less = [column, order](const PlayerRatingRow& a, const PlayerRatingRow& b) {
        return rowLess(a, b, column, order);
    };
    if (std::is_sorted(m_rows.begin(), m_rows.end(), less))
        return;
    Q_EMIT layoutAboutToBeChanged({}, QAbstractItemModel::VerticalSortHint);
    // Where each row goes, so that the persistent indexes (the selection, the current row) follow.
    std::vector<int> byNewPlace(m_rows.size());
    std::iota(byNewPlace.begin(), byNewPlace.end(), 0);
    std::sort(byNewPlace.begin(), byNewPlace.end(), [this, &less](int a, int b) {
        return less(m_rows[static_cast<std::size_t>(a)], m_rows[static_cast<std::size_t>(b)]);
    });
    std::vector<int> newRowOf(m_rows.size());
    std::vector<PlayerRatingRow> sorted;
    sorted.reserve(m_rows.size());
    for (std::size_t i = 0; i < byNewPlace.size(); ++i) {
        newRowOf[static_cast<std::size_t>(byNewPlace[i])] = static_cast<int>(i);
        sorted.push_back(std::move(m_rows[static_cast<std::size_t>(byNewPlace[i])]));
    }
    m_rows = std::move(sorted);
    const QModelIndexList from = persistentIndexList();
    QModelIndexList to;
    to.reserve(from.size());
    for (const QModelIndex& index : from)
        to.append(index.isValid()
                      ? createIndex(newRowOf[static_cast<std::size_t>(index.row())], index.column())
                      : QModelIndex());
    changePersistentIndexList(from, to);
    Q_EMIT layoutChanged({}, QAbstractItemModel::VerticalSortHint);
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
