#include "models/eventday/entrantlistmodel.h"

#include "core/records/month.h"

#include <QBrush>
#include <QColor>
#include <QDate>
#include <QLocale>
#include <algorithm>

namespace flickdesk::ui {
namespace {

bool sameField(const core::Entrant& a, const core::Entrant& b)
{
    return a.began() == b.began() && a.playerIds() == b.playerIds();
}

} // namespace

EntrantListModel::EntrantListModel(QObject* parent)
    : QAbstractTableModel(parent)
{
    static const core::MonthLockRatings none;
    m_ratings = &none;
}

void EntrantListModel::setFormat(engine::EventFormat format)
{
    if (m_format == format)
        return;
    m_format = format;
    Q_EMIT headerDataChanged(Qt::Horizontal, PlayersColumn, RatingColumn);
    if (!m_entrants.empty()) // the ratings, and in doubles the players without a partner
        Q_EMIT dataChanged(index(0, 0), index(rowCount() - 1, ColumnCount - 1));
    recount();
    Q_EMIT fieldChanged();
}

void EntrantListModel::setEntrants(std::vector<core::Entrant> entrants)
{
    beginResetModel();
    m_entrants = std::move(entrants);
    std::sort(m_entrants.begin(), m_entrants.end(),
              [](const core::Entrant& a, const core::Entrant& b) { return a.number < b.number; });
    endResetModel();
    recount();
    Q_EMIT fieldChanged();
}

void EntrantListModel::setLockedRatings(const core::MonthLockRatings* ratings)
{
    static const core::MonthLockRatings none;
    m_ratings = ratings ? ratings : &none;
    const bool monthChanged = m_ratings->month != m_ratingsMonth;
    m_ratingsMonth = m_ratings->month;
    if (monthChanged) // the header names the lock's month
        Q_EMIT headerDataChanged(Qt::Horizontal, RatingColumn, RatingColumn);
    if (!m_entrants.empty())
        Q_EMIT dataChanged(index(0, RatingColumn), index(rowCount() - 1, RatingColumn));
    Q_EMIT fieldChanged();
}

void EntrantListModel::setRatingsPending(bool pending)
{
    if (pending == m_ratingsPending)
        return;
    m_ratingsPending = pending;
    if (!m_entrants.empty())
        Q_EMIT dataChanged(index(0, RatingColumn), index(rowCount() - 1, RatingColumn));
}

void EntrantListModel::insertEntrant(core::Entrant entrant)
{
    if (rowOf(entrant.number) >= 0) {
        updateEntrant(std::move(entrant));
        return;
    }
    const auto at = std::lower_bound(m_entrants.begin(), m_entrants.end(), entrant.number,
                                     [](const core::Entrant& e, int number) { return e.number < number; });
    const int row = static_cast<int>(at - m_entrants.begin());
    const bool began = entrant.began();
    beginInsertRows({}, row, row);
    m_entrants.insert(at, std::move(entrant));
    endInsertRows();
    numbersChangedFrom(row + 1);
    recount();
    if (began)
        Q_EMIT fieldChanged();
}

void EntrantListModel::updateEntrant(core::Entrant entrant)
{
    const int row = rowOf(entrant.number);
    if (row < 0) {
        insertEntrant(std::move(entrant));
        return;
    }
    core::Entrant& current = m_entrants[static_cast<std::size_t>(row)];
    const bool fieldDiffers = !sameField(current, entrant);
    current = std::move(entrant);
    Q_EMIT dataChanged(index(row, 0), index(row, ColumnCount - 1));
    recount();
    if (fieldDiffers)
        Q_EMIT fieldChanged();
}

void EntrantListModel::removeEntrant(int unit)
{
    const int row = rowOf(unit);
    if (row < 0)
        return;
    const bool began = m_entrants[static_cast<std::size_t>(row)].began();
    beginRemoveRows({}, row, row);
    m_entrants.erase(m_entrants.begin() + row);
    endRemoveRows();
    numbersChangedFrom(row);
    recount();
    if (began)
        Q_EMIT fieldChanged();
}

void EntrantListModel::setCheckInHandler(CheckInHandler handler)
{
    m_checkIn = std::move(handler);
}

void EntrantListModel::setEditable(bool editable)
{
    if (m_editable == editable)
        return;
    m_editable = editable;
    if (!m_entrants.empty())
        Q_EMIT dataChanged(index(0, CheckInColumn), index(rowCount() - 1, CheckInColumn));
}

void EntrantListModel::numbersChangedFrom(int row)
{
    // Doubles teams are numbered by their place in the list (shownNumber): the rows after a row
    // that came or went have new numbers.
    if (m_format == engine::EventFormat::Doubles && row < rowCount())
        Q_EMIT dataChanged(index(row, NumberColumn), index(rowCount() - 1, NumberColumn));
}

int EntrantListModel::shownNumber(int unit) const
{
    if (m_format != engine::EventFormat::Doubles)
        return unit;
    const int row = rowOf(unit);
    return row < 0 ? unit : row + 1;
}

QString EntrantListModel::unitName(int unit) const
{
    const core::Entrant* found = entrant(unit);
    if (!found)
        return QString();
    // DECISIONS D1: a player without a name is shown by id.
    QStringList names;
    for (const core::PlayerRecord& player : found->players)
        names.append(player.name.isEmpty() ? player.id : player.name);
    return m_format == engine::EventFormat::Doubles
               ? tr("%1 (team %2)").arg(names.join(QStringLiteral(" / "))).arg(shownNumber(unit))
               : tr("%1 (entrant %2)").arg(names.join(QStringLiteral(" / "))).arg(unit);
}

QString EntrantListModel::lockMonthText() const
{
    const std::optional<core::Month> month = core::Month::fromString(m_ratings->month);
    return month ? QLocale().toString(QDate(month->year(), month->month(), 1), QStringLiteral("MMM yyyy"))
                 : QString();
}

const core::Entrant* EntrantListModel::entrant(int unit) const
{
    const int row = rowOf(unit);
    return row < 0 ? nullptr : &m_entrants[static_cast<std::size_t>(row)];
}

int EntrantListModel::rowOf(int unit) const
{
    const auto at = std::lower_bound(m_entrants.begin(), m_entrants.end(), unit,
                                     [](const core::Entrant& e, int number) { return e.number < number; });
    return at != m_entrants.end() && at->number == unit ? static_cast<int>(at - m_entrants.begin()) : -1;
}

engine::PartnerRatings EntrantListModel::partnerRatings(const core::Entrant& entrant) const
{
    const double first =
        entrant.players.empty() ? m_ratings->unseenMu : m_ratings->muOf(entrant.players[0].id);
    const double second =
        entrant.players.size() < 2 ? m_ratings->unseenMu : m_ratings->muOf(entrant.players[1].id);
    return {first, second};
}

double EntrantListModel::unitRating(const core::Entrant& entrant) const
{
    // DECISIONS P5: in singles the partner is not read.
    const auto [first, second] = partnerRatings(entrant);
    return engine::unitRating(m_format, first, second);
}

bool EntrantListModel::isUnpaired(const core::Entrant& entrant) const
{
    return m_format == engine::EventFormat::Doubles && entrant.players.size() < 2;
}

bool EntrantListModel::isRated(const core::Entrant& entrant) const
{
    return std::any_of(
        entrant.players.begin(), entrant.players.end(),
        [this](const core::PlayerRecord& player) { return m_ratings->mu.contains(player.id); });
}

int EntrantListModel::unitOfPlayer(const QString& playerId) const
{
    for (const core::Entrant& entrant : m_entrants) {
        for (const core::PlayerRecord& player : entrant.players) {
            if (player.id.compare(playerId, Qt::CaseInsensitive) == 0)
                return entrant.number;
        }
    }
    return 0;
}

void EntrantListModel::recount()
{
    int registered = 0;
    int started = 0;
    int withdrawn = 0;
    int unpaired = 0;
    for (const core::Entrant& entrant : m_entrants) {
        switch (entrant.status) {
        case core::EntrantStatus::Registered:
            ++registered;
            unpaired += isUnpaired(entrant) ? 1 : 0;
            break;
        case core::EntrantStatus::Started:
            ++started;
            break;
        case core::EntrantStatus::Withdrawn:
            ++withdrawn;
            break;
        }
    }
    if (registered == m_registered && started == m_started && withdrawn == m_withdrawn &&
        unpaired == m_unpaired)
        return;
    m_registered = registered;
    m_started = started;
    m_withdrawn = withdrawn;
    m_unpaired = unpaired;
    Q_EMIT countsChanged();
}

int EntrantListModel::rowCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : static_cast<int>(m_entrants.size());
}

int EntrantListModel::columnCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

QString EntrantListModel::statusText(core::EntrantStatus status)
{
    switch (status) {
    case core::EntrantStatus::Registered:
        return tr("Registered");
    case core::EntrantStatus::Started:
        return tr("Started");
    case core::EntrantStatus::Withdrawn:
        break;
    }
    return tr("Withdrawn");
}

QVariant EntrantListModel::data(const QModelIndex& index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return {};
    const core::Entrant& entrant = m_entrants[static_cast<std::size_t>(index.row())];
    QStringList ids;
    QStringList names;
    QStringList locations;
    for (const core::PlayerRecord& player : entrant.players) {
        ids.append(player.id);
        names.append(player.name);
        locations.append(player.location);
    }
    // Doubles: one partner a line (the view gives a team two lines), so that a team's names are never
    // cut; singles have one player.
    const bool doubles = m_format == engine::EventFormat::Doubles;
    const QString separator = doubles ? QStringLiteral("\n") : QStringLiteral(" / ");
    switch (role) {
    case UnitRole:
        return entrant.number;
    case PlayerIdsRole:
        return ids;
    case PlayerNamesRole:
        return names;
    case LocationsRole:
        return locations;
    case RatingRole:
        return unitRating(entrant);
    case StatusRole:
        return static_cast<int>(entrant.status);
    case BeganRole:
        return entrant.began();
    case PlaceRole:
        return entrant.place ? QVariant(*entrant.place) : QVariant();
    case SortRole:
        switch (index.column()) {
        case CheckInColumn:
            return entrant.began() ? 1 : 0;
        case NumberColumn:
            return entrant.number;
        case RatingColumn:
            return unitRating(entrant);
        case StatusColumn:
            return static_cast<int>(entrant.status);
        default:
            return data(index, Qt::DisplayRole);
        }
    case Qt::CheckStateRole:
        if (index.column() == CheckInColumn)
            return entrant.began() ? Qt::Checked : Qt::Unchecked;
        break;
    case Qt::DisplayRole:
        switch (index.column()) {
        case NumberColumn:
            return shownNumber(entrant.number);
        case PlayersColumn: {
            // DECISIONS D1: a player without a name is shown by id.
            QStringList shown;
            for (const core::PlayerRecord& player : entrant.players)
                shown.append(player.name.isEmpty() ? player.id : player.name);
            return shown.join(separator);
        }
        case IdsColumn:
            return ids.join(separator);
        case LocationColumn: {
            locations.removeAll(QString());
            locations.removeDuplicates(); // partners of one town: the town once
            return locations.join(separator);
        }
        case RatingColumn:
            if (m_ratingsPending)
                return QStringLiteral("\u2026"); // the lock is being computed
            // DECISIONS N6: a unit the lock has never rated counts as 0; a director reads "new".
            return isRated(entrant) ? QLocale().toString(unitRating(entrant), 'f', 3) : tr("new");
        case StatusColumn:
            if (entrant.status == core::EntrantStatus::Registered && isUnpaired(entrant))
                return tr("Needs a partner");
            return statusText(entrant.status);
        }
        break;
    case Qt::DecorationRole:
        if (index.column() == PlayersColumn && isUnpaired(entrant))
            return m_warningIcon;
        break;
    case Qt::ForegroundRole:
        if (index.column() == StatusColumn && isUnpaired(entrant) &&
            entrant.status == core::EntrantStatus::Registered)
            return QBrush(QColor(0xb0, 0x3a, 0x00));
        break;
    case Qt::ToolTipRole:
        if (isUnpaired(entrant) && (index.column() == StatusColumn || index.column() == CheckInColumn)) {
            const QString unpairedToolTip = tr("A doubles team is two players: pair a partner first, then "
                                               "check the team in (DECISIONS P3, P5).");
            return unpairedToolTip;
        }
        if (index.column() == RatingColumn && !isRated(entrant)) {
            const QString unratedToolTip =
                tr("Not rated in the lock of %1: counted as %2 (DECISIONS N6).")
                    .arg(m_ratings->month, QLocale().toString(unitRating(entrant), 'f', 3));
            return unratedToolTip;
        }
        if (index.column() == RatingColumn && doubles && entrant.players.size() == 2) {
            // The team's figure is not either partner's (the type-ahead shows a player's): say how
            // it is made.
            const auto [first, second] = partnerRatings(entrant);
            const bool firstHigher = first >= second;
            const core::PlayerRecord& higher = entrant.players[firstHigher ? 0 : 1];
            const core::PlayerRecord& lower = entrant.players[firstHigher ? 1 : 0];
            const auto rated = [this](const core::PlayerRecord& player, double mu) {
                const QString name = player.name.isEmpty() ? player.id : player.name;
                return m_ratings->mu.contains(player.id)
                           ? tr("%1 %2").arg(name, QLocale().toString(mu, 'f', 3))
                           : tr("%1 new, counted as %2").arg(name, QLocale().toString(mu, 'f', 3));
            };
            const QString teamToolTip =
                tr("Team rating in the lock of %1: 0.6 × the higher partner (%2) + 0.4 × the lower (%3) "
                   "= %4 (DECISIONS P5).")
                    .arg(m_ratings->month, rated(higher, std::max(first, second)),
                         rated(lower, std::min(first, second)),
                         QLocale().toString(unitRating(entrant), 'f', 3));
            return teamToolTip;
        }
        if (index.column() == NumberColumn && doubles) {
            const QString numberToolTip =
                tr("Team %1 of the list (its entrant number in the database is %2).")
                    .arg(shownNumber(entrant.number))
                    .arg(entrant.number);
            return numberToolTip;
        }
        if (index.column() == PlayersColumn || index.column() == IdsColumn) {
            // Two players may share a name: the tooltip tells them apart by id and location.
            QStringList lines;
            for (const core::PlayerRecord& player : entrant.players)
                lines.append(
                    player.location.isEmpty()
                        ? tr("%1 (%2)").arg(player.name.isEmpty() ? tr("no name") : player.name, player.id)
                        : tr("%1 (%2, %3)")
                              .arg(player.name.isEmpty() ? tr("no name") : player.name, player.id,
                                   player.location));
            return lines.join(QLatin1Char('\n'));
        }
        break;
    case Qt::TextAlignmentRole:
        if (index.column() == NumberColumn || index.column() == RatingColumn)
            return QVariant::fromValue(Qt::AlignRight | Qt::AlignVCenter);
        break;
    }
    return {};
}

bool EntrantListModel::setData(const QModelIndex& index, const QVariant& value, int role)
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid) ||
        index.column() != CheckInColumn || role != Qt::CheckStateRole || !m_checkIn || !m_editable)
        return false;
    const bool checkedIn = value.value<Qt::CheckState>() == Qt::Checked;
    const core::Entrant& entrant = m_entrants[static_cast<std::size_t>(index.row())];
    if (entrant.began() == checkedIn)
        return true;
    // The handler's command updates this model (updateEntrant), which emits dataChanged.
    const int unit = entrant.number;
    if (m_checkIn(unit, checkedIn))
        return true;
    Q_EMIT checkInRefused(unit);
    return false;
}

Qt::ItemFlags EntrantListModel::flags(const QModelIndex& index) const
{
    Qt::ItemFlags flags = QAbstractTableModel::flags(index);
    if (index.isValid() && index.column() == CheckInColumn && m_checkIn && m_editable)
        flags |= Qt::ItemIsUserCheckable;
    return flags;
}

QVariant EntrantListModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    const bool doubles = m_format == engine::EventFormat::Doubles;
    if (orientation == Qt::Horizontal && role == Qt::ToolTipRole && section == RatingColumn) {
        const QString month = lockMonthText();
        if (month.isEmpty())
            return QVariant();
        if (doubles) {
            const QString teamRatingToolTip =
                tr("Each team's rating in the lock of %1, the ratings fixed for the month's events "
                   "(DECISIONS P1, P5): the points are computed from it.")
                    .arg(month);
            return teamRatingToolTip;
        }
        const QString playerRatingToolTip =
            tr("Each player's rating in the lock of %1, the ratings fixed for the month's events "
               "(DECISIONS P1): the points are computed from it.")
                .arg(month);
        return playerRatingToolTip;
    }
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return QAbstractTableModel::headerData(section, orientation, role);
    switch (section) {
    case CheckInColumn:
        return tr("In");
    case NumberColumn:
        return tr("No.");
    case PlayersColumn:
        return m_format == engine::EventFormat::Doubles ? tr("Team") : tr("Player");
    case IdsColumn:
        return tr("Id");
    case LocationColumn:
        return tr("Location");
    case RatingColumn: {
        // Which rating: the month's lock, not the player's rating today (issue 25).
        const QString month = lockMonthText();
        const QString rating = doubles ? tr("Team rating") : tr("Rating");
        return month.isEmpty() ? rating : tr("%1\nlocked %2").arg(rating, month);
    }
    case StatusColumn:
        return tr("Status");
    }
    return {};
}

QHash<int, QByteArray> EntrantListModel::roleNames() const
{
    QHash<int, QByteArray> names = QAbstractTableModel::roleNames();
    names.insert(UnitRole, "unit");
    names.insert(PlayerIdsRole, "playerIds");
    names.insert(PlayerNamesRole, "playerNames");
    names.insert(LocationsRole, "locations");
    names.insert(RatingRole, "rating");
    names.insert(StatusRole, "status");
    names.insert(BeganRole, "began");
    names.insert(PlaceRole, "place");
    names.insert(SortRole, "sortKey");
    return names;
}

} // namespace flickdesk::ui
