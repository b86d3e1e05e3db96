#include "models/tour/standingsmodel.h"

#include <QFont>
#include <QStringList>
#include <cstdlib>

namespace flickdesk::ui {

QString totalText(long long tenths)
{
    // DECISIONS P8: the sum of rounded awards, printed from whole tenths.
    return QStringLiteral("%1%2.%3")
        .arg(tenths < 0 ? QStringLiteral("-") : QString())
        .arg(std::llabs(tenths) / 10)
        .arg(std::llabs(tenths) % 10);
}

StandingsModel::StandingsModel(QObject* parent)
    : QAbstractTableModel(parent)
    , m_result(std::make_shared<const StandingsResult>())
{
}

void StandingsModel::setResult(StandingsResultPtr result)
{
    beginResetModel();
    m_result = result ? std::move(result) : std::make_shared<const StandingsResult>();
    endResetModel();
}

bool StandingsModel::isChampion(const engine::StandingsRow& row) const
{
    // DECISIONS T3: the Recreational title may pass over the leader; the competitive one is rank 1.
    return m_result->division == engine::Division::Recreational ? row.recreationalChampion : row.rank == 1;
}

int StandingsModel::rowCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : static_cast<int>(rows().size());
}

int StandingsModel::columnCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

QVariant StandingsModel::data(const QModelIndex& index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return {};
    const engine::StandingsRow& row = rows()[static_cast<std::size_t>(index.row())];
    const QString id = QString::fromStdString(row.playerId);
    switch (role) {
    case Qt::DisplayRole:
        switch (index.column()) {
        case RankColumn:
            return row.rank;
        case PlayerColumn:
            return id;
        case NameColumn:
            return m_result->names.value(id);
        case TotalColumn:
            return totalText(row.totalTenths);
        case CountedColumn:
            return row.countedEvents;
        case NoteColumn:
            return QString::fromStdString(row.note);
        default:
            return {};
        }
    case SortRole:
        switch (index.column()) {
        case RankColumn:
            return row.rank;
        case TotalColumn:
            return row.totalTenths;
        case CountedColumn:
            return row.countedEvents;
        default:
            return data(index, Qt::DisplayRole);
        }
    case Qt::ToolTipRole:
        if (index.column() == CountedColumn) {
            QStringList events;
            for (const std::string& event : row.countedEventIds)
                events.append(QString::fromStdString(event));
            return tr("Counted, best first: %1").arg(events.join(QStringLiteral(", ")));
        }
        return {};
    case Qt::FontRole:
        if (isChampion(row)) {
            QFont font;
            font.setBold(true);
            return font;
        }
        return {};
    case Qt::TextAlignmentRole:
        if (index.column() == NameColumn || index.column() == NoteColumn || index.column() == PlayerColumn)
            return QVariant::fromValue(Qt::AlignLeft | Qt::AlignVCenter);
        return QVariant::fromValue(Qt::AlignRight | Qt::AlignVCenter);
    case PlayerIdRole:
        return id;
    case ChampionRole:
        return m_result->decided && isChampion(row); // DECISIONS T2: the leader until the Finale
    default:
        return {};
    }
}

QVariant StandingsModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return QAbstractTableModel::headerData(section, orientation, role);
    switch (section) {
    case RankColumn:
        return tr("Rank");
    case PlayerColumn:
        return tr("Player");
    case NameColumn:
        return tr("Name");
    case TotalColumn:
        return tr("Total");
    case CountedColumn:
        return tr("Events counted");
    case NoteColumn:
        return tr("Note");
    default:
        return {};
    }
}

} // namespace flickdesk::ui
