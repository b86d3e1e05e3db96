#include "widgets/payoutpreviewmodel.h"

#include "core/payout.h"
#include "widgets/entrantlistmodel.h"

#include <QLocale>
#include <stdexcept>

namespace flickdesk::ui {

PayoutPreviewModel::PayoutPreviewModel(QObject* parent)
    : QAbstractTableModel(parent)
{
    m_table = core::payoutTable(core::PayoutTerms{m_format, m_tier, m_cap}, {});
}

void PayoutPreviewModel::setEntrants(EntrantListModel* entrants)
{
    if (m_entrants == entrants)
        return;
    if (m_entrants)
        disconnect(m_entrants, nullptr, this, nullptr);
    m_entrants = entrants;
    if (m_entrants) {
        connect(m_entrants, &EntrantListModel::fieldChanged, this, &PayoutPreviewModel::recompute);
        m_format = m_entrants->format();
    }
    recompute();
}

void PayoutPreviewModel::setTerms(engine::EventFormat format, engine::Tier tier,
                                  std::optional<double> experimentalCap)
{
    m_format = format;
    m_tier = tier;
    m_cap = experimentalCap;
    recompute();
}

void PayoutPreviewModel::setField(std::vector<double> ratings)
{
    setEntrants(nullptr);
    m_format = engine::EventFormat::Singles;
    m_ratings = std::move(ratings);
    recompute();
}

void PayoutPreviewModel::setTeams(std::vector<engine::PartnerRatings> teams)
{
    setEntrants(nullptr);
    m_format = engine::EventFormat::Doubles;
    m_teams = std::move(teams);
    recompute();
}

void PayoutPreviewModel::recompute()
{
    std::vector<core::FieldUnit> units;
    if (m_entrants) {
        // DECISIONS P3: the field is every unit that began, withdrawn ones included; ratings come
        // from the entrant list's lock in memory: no database query on a check-in.
        m_format = m_entrants->format();
        units = core::fieldUnitsThatBegan(m_entrants->entrants(), m_format, m_entrants->lockedRatings());
    } else if (m_format == engine::EventFormat::Doubles) {
        for (const engine::PartnerRatings& team : m_teams)
            units.push_back({team.first, team.second});
    } else {
        for (const double rating : m_ratings)
            units.push_back({rating, 0.0});
    }
    // The one path of the award (core/payout.h): the preview is what will be paid.
    engine::PayoutTable table;
    try {
        table = core::payoutTable(core::PayoutTerms{m_format, m_tier, m_cap}, units);
    } catch (const std::invalid_argument&) {
        // A cap the store would refuse (negative, not a number): the preview shows no places.
        table = core::payoutTable(core::PayoutTerms{m_format, m_tier, std::nullopt}, {});
    }
    showTable(std::move(table));
}

void PayoutPreviewModel::showTable(engine::PayoutTable table)
{
    const std::size_t before = m_table.awards.size();
    const std::size_t after = table.awards.size();
    const std::size_t common = std::min(before, after);
    // The rows both tables have: the first and last whose points differ get dataChanged.
    int first = -1;
    int last = -1;
    for (std::size_t row = 0; row < common; ++row) {
        if (m_table.points[row] == table.points[row] && m_table.awards[row] == table.awards[row])
            continue;
        if (first < 0)
            first = static_cast<int>(row);
        last = static_cast<int>(row);
    }
    const bool propertiesDiffer = m_table.fieldSize != table.fieldSize ||
                                  m_table.fieldStrengthIndex != table.fieldStrengthIndex ||
                                  m_table.fieldDepthIndex != table.fieldDepthIndex ||
                                  m_table.unflooredFieldStrength != table.unflooredFieldStrength ||
                                  m_table.capApplied != table.capApplied || m_table.tier != table.tier ||
                                  m_table.meetsHigherTierFloor != table.meetsHigherTierFloor;
    if (after < before) {
        beginRemoveRows({}, static_cast<int>(after), static_cast<int>(before) - 1);
        m_table = std::move(table);
        endRemoveRows();
    } else if (after > before) {
        beginInsertRows({}, static_cast<int>(before), static_cast<int>(after) - 1);
        m_table = std::move(table);
        endInsertRows();
    } else {
        m_table = std::move(table);
    }
    if (first >= 0)
        Q_EMIT dataChanged(index(first, PointsColumn), index(last, PointsColumn));
    if (propertiesDiffer || first >= 0 || after != before)
        Q_EMIT payoutChanged();
}

QString PayoutPreviewModel::tierNote() const
{
    if (!m_table.meetsHigherTierFloor)
        return QString();
    const engine::Tier higher = *m_table.meetsHigherTierFloor;
    return tr("The field meets the Tier %1 points floor: its unfloored winner points %2 reach %3 (DECISIONS "
              "P10).")
        .arg(static_cast<int>(higher))
        .arg(QLocale().toString(m_table.unflooredWinnerPoints, 'f', 1))
        .arg(QLocale().toString(engine::winnerPointsFloor(higher), 'f', 0));
}

int PayoutPreviewModel::rowCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : static_cast<int>(m_table.awards.size());
}

int PayoutPreviewModel::columnCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

QVariant PayoutPreviewModel::data(const QModelIndex& index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return {};
    const auto row = static_cast<std::size_t>(index.row());
    switch (role) {
    case PlaceRole:
        return index.row() + 1;
    case AwardRole:
        return m_table.awards[row];
    case PointsRole:
        return m_table.points[row];
    case Qt::DisplayRole:
        if (index.column() == PlaceColumn)
            return index.row() + 1;
        // DECISIONS P8: shown as awarded, to 0.1.
        return QLocale().toString(m_table.awards[row], 'f', 1);
    case Qt::TextAlignmentRole:
        return QVariant::fromValue(Qt::AlignRight | Qt::AlignVCenter);
    }
    return {};
}

QVariant PayoutPreviewModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return QAbstractTableModel::headerData(section, orientation, role);
    switch (section) {
    case PlaceColumn:
        return tr("Place");
    case PointsColumn:
        return tr("Points");
    }
    return {};
}

QHash<int, QByteArray> PayoutPreviewModel::roleNames() const
{
    QHash<int, QByteArray> names = QAbstractTableModel::roleNames();
    names.insert(PlaceRole, "place");
    names.insert(AwardRole, "award");
    names.insert(PointsRole, "points");
    return names;
}

} // namespace flickdesk::ui
