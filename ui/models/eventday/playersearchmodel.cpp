#include "models/eventday/playersearchmodel.h"

#include "core/records/month.h"
#include "core/store/playerstore.h"

#include <QDate>
#include <QLocale>
#include <algorithm>

namespace flickdesk::ui {
namespace {

bool sameMatch(const core::PlayerMatch& a, const core::PlayerMatch& b)
{
    return a.id == b.id && a.name == b.name && a.location == b.location &&
           a.associationId == b.associationId && a.lastEventId == b.lastEventId &&
           a.lastEventName == b.lastEventName && a.lastEventDate == b.lastEventDate;
}

} // namespace

PlayerSearchModel::PlayerSearchModel(core::PlayerStore& store, QObject* parent)
    : QAbstractTableModel(parent)
    , m_store(store)
{
    static const core::MonthLockRatings none;
    m_ratings = &none;
}

void PlayerSearchModel::setQuery(const QString& text)
{
    if (text == m_query)
        return;
    m_query = text;
    refresh();
    Q_EMIT queryChanged(m_query);
}

void PlayerSearchModel::setLimit(int limit)
{
    limit = std::max(1, limit);
    if (limit == m_limit)
        return;
    m_limit = limit;
    refresh();
}

void PlayerSearchModel::refresh()
{
    std::vector<core::PlayerMatch> matches;
    try {
        matches = m_store.searchPlayers(m_query, m_limit);
    } catch (const core::StoreError& error) {
        // A search runs on every keystroke: it says what failed and shows nothing rather than throw.
        Q_EMIT searchFailed(error.message());
    }
    showMatches(std::move(matches));
}

void PlayerSearchModel::showMatches(std::vector<core::PlayerMatch> matches)
{
    // Rows both lists have are changed in place (a row that differs gets dataChanged); the rest are
    // inserted or removed at the end: a view keeps its current row while the director types.
    const std::size_t common = std::min(m_matches.size(), matches.size());
    int first = -1;
    int last = -1;
    for (std::size_t row = 0; row < common; ++row) {
        if (sameMatch(m_matches[row], matches[row]))
            continue;
        m_matches[row] = matches[row];
        if (first < 0)
            first = static_cast<int>(row);
        last = static_cast<int>(row);
    }
    if (first >= 0)
        Q_EMIT dataChanged(index(first, 0), index(last, ColumnCount - 1));
    if (matches.size() > m_matches.size()) {
        beginInsertRows({}, static_cast<int>(m_matches.size()), static_cast<int>(matches.size()) - 1);
        m_matches.insert(m_matches.end(),
                         std::make_move_iterator(matches.begin() + static_cast<std::ptrdiff_t>(common)),
                         std::make_move_iterator(matches.end()));
        endInsertRows();
    } else if (matches.size() < m_matches.size()) {
        beginRemoveRows({}, static_cast<int>(matches.size()), static_cast<int>(m_matches.size()) - 1);
        m_matches.resize(matches.size());
        endRemoveRows();
    }
}

void PlayerSearchModel::setLockedRatings(const core::MonthLockRatings* ratings)
{
    static const core::MonthLockRatings none;
    m_ratings = ratings ? ratings : &none;
    const bool monthChanged = m_ratings->month != m_ratingsMonth;
    m_ratingsMonth = m_ratings->month;
    if (monthChanged) // the header names the lock's month
        Q_EMIT headerDataChanged(Qt::Horizontal, RatingColumn, RatingColumn);
    if (!m_matches.empty())
        Q_EMIT dataChanged(index(0, RatingColumn), index(rowCount() - 1, RatingColumn));
}

const core::PlayerMatch& PlayerSearchModel::matchAt(int row) const
{
    return m_matches.at(static_cast<std::size_t>(row));
}

int PlayerSearchModel::rowCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : static_cast<int>(m_matches.size());
}

int PlayerSearchModel::columnCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

QVariant PlayerSearchModel::data(const QModelIndex& index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return {};
    const core::PlayerMatch& match = m_matches[static_cast<std::size_t>(index.row())];
    switch (role) {
    case PlayerIdRole:
        return match.id;
    case NameRole:
        return match.name;
    case LocationRole:
        return match.location;
    case RatingRole:
        return m_ratings->muOf(match.id);
    case LastEventIdRole:
        return match.lastEventId;
    case LastEventNameRole:
        return match.lastEventName;
    case LastEventDateRole:
        return match.lastEventDate;
    case SortRole:
        switch (index.column()) {
        case RatingColumn:
            return m_ratings->muOf(match.id);
        case LastEventColumn:
            return match.lastEventDate;
        default:
            return data(index, Qt::DisplayRole);
        }
    case Qt::DisplayRole:
        switch (index.column()) {
        case IdColumn:
            return match.id;
        case NameColumn:
            return match.name;
        case RatingColumn:
            // DECISIONS N6: a player the lock has never rated counts as 0; a director reads "new".
            return m_ratings->mu.contains(match.id) ? QLocale().toString(m_ratings->muOf(match.id), 'f', 3)
                                                    : tr("new");
        case LocationColumn:
            return match.location;
        case LastEventColumn:
            if (match.lastEventId.isEmpty())
                return QString();
            return tr("%1 (%2)").arg(match.lastEventName.isEmpty() ? match.lastEventId : match.lastEventName,
                                     match.lastEventDate);
        }
        break;
    case Qt::ToolTipRole:
        if (index.column() == RatingColumn && !m_ratings->mu.contains(match.id))
            return tr("Not rated in the lock of %1: counted as %2 (DECISIONS N6).")
                .arg(m_ratings->month, QLocale().toString(m_ratings->unseenMu, 'f', 3));
        break;
    case Qt::TextAlignmentRole:
        if (index.column() == RatingColumn)
            return QVariant::fromValue(Qt::AlignRight | Qt::AlignVCenter);
        break;
    }
    return {};
}

QString PlayerSearchModel::lockMonthText() const
{
    const std::optional<core::Month> month = core::Month::fromString(m_ratings->month);
    return month ? QLocale().toString(QDate(month->year(), month->month(), 1), QStringLiteral("MMM yyyy"))
                 : QString();
}

QVariant PlayerSearchModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation == Qt::Horizontal && role == Qt::ToolTipRole && section == RatingColumn &&
        !lockMonthText().isEmpty())
        return tr("The player's rating in the lock of %1, the ratings fixed for the month's events "
                  "(DECISIONS P1): the rating the entrant list and the points use, not the player's "
                  "rating after later events.")
            .arg(lockMonthText());
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return QAbstractTableModel::headerData(section, orientation, role);
    switch (section) {
    case IdColumn:
        return tr("Id");
    case NameColumn:
        return tr("Name");
    case RatingColumn: {
        // The same lock as the entrant list's: a director compares like with like (issue 25).
        const QString month = lockMonthText();
        return month.isEmpty() ? tr("Rating") : tr("Rating\nlocked %1").arg(month);
    }
    case LocationColumn:
        return tr("Location");
    case LastEventColumn:
        return tr("Last event");
    }
    return {};
}

QHash<int, QByteArray> PlayerSearchModel::roleNames() const
{
    QHash<int, QByteArray> names = QAbstractTableModel::roleNames();
    names.insert(PlayerIdRole, "playerId");
    names.insert(NameRole, "name");
    names.insert(LocationRole, "location");
    names.insert(RatingRole, "rating");
    names.insert(LastEventIdRole, "lastEventId");
    names.insert(LastEventNameRole, "lastEventName");
    names.insert(LastEventDateRole, "lastEventDate");
    names.insert(SortRole, "sortKey");
    return names;
}

} // namespace flickdesk::ui
