#include "models/ratings/playereventsmodel.h"

#include "core/translation.h"

#include <QCoreApplication>
#include <QFont>

namespace flickdesk::ui {
namespace {

FLICKDESK_DECLARE_TR_FUNCTIONS(flickdesk::ui::PlayerPage)

QString basisText(const PlayerEventRow& row)
{
    switch (row.basis) {
    case FieldRatingsBefore::Basis::Award:
        // DECISIONS P2: the frozen ratings of the award.
        return tr("the frozen ratings of the award (lock %1)").arg(row.lockMonth);
    case FieldRatingsBefore::Basis::Lock:
        // DECISIONS P1: the monthly lock.
        return tr("the lock of %1").arg(row.lockMonth);
    case FieldRatingsBefore::Basis::Run:
        break;
    }
    return tr("the run's curve before the event: the lock of its month could not be read");
}

} // namespace

PlayerEventsModel::PlayerEventsModel(QObject* parent)
    : QAbstractTableModel(parent)
{
}

void PlayerEventsModel::setRows(std::vector<PlayerEventRow> rows)
{
    beginResetModel();
    m_rows = std::move(rows);
    endResetModel();
}

int PlayerEventsModel::rowCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : static_cast<int>(m_rows.size());
}

int PlayerEventsModel::columnCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

QVariant PlayerEventsModel::data(const QModelIndex& index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return {};
    const PlayerEventRow& r = m_rows[static_cast<std::size_t>(index.row())];
    const auto rating = [](const engine::Gaussian& g) {
        return QStringLiteral("%1 ± %2").arg(QString::number(g.mu, 'f', 3), QString::number(g.sigma, 'f', 3));
    };
    switch (role) {
    case Qt::DisplayRole:
        switch (index.column()) {
        case DateColumn:
            return r.date.toString(Qt::ISODate);
        case EventColumn:
            return r.eventName.isEmpty() ? r.eventId : r.eventName;
        case PlaceColumn:
            return r.place > 0 ? tr("%1 of %2").arg(r.place).arg(r.fieldSize)
                               : tr("— of %1").arg(r.fieldSize);
        case PointsColumn:
            if (!r.points)
                return QString();
            return r.pointsAwarded ? QString::number(*r.points, 'f', 1)
                                   : QStringLiteral("(%1)").arg(QString::number(*r.points, 'f', 1));
        case BeforeColumn:
            return rating(r.before);
        case AfterColumn:
            return rating(r.after);
        case ChangeColumn:
            return QStringLiteral("%1%2").arg(r.after.mu >= r.before.mu ? QStringLiteral("+") : QString(),
                                              QString::number(r.after.mu - r.before.mu, 'f', 3));
        case ExplanationColumn:
            return r.explanation;
        default:
            return {};
        }
    case SortRole:
        switch (index.column()) {
        case DateColumn:
            return r.date;
        case EventColumn:
            return r.eventName;
        case PlaceColumn:
            return r.place;
        case PointsColumn:
            return r.points ? QVariant(*r.points) : QVariant();
        case BeforeColumn:
            return r.before.mu;
        case AfterColumn:
            return r.after.mu;
        case ChangeColumn:
            return r.after.mu - r.before.mu;
        case ExplanationColumn:
            return r.explanation;
        default:
            return {};
        }
    case Qt::ToolTipRole:
        switch (index.column()) {
        case EventColumn:
            return tr("Event %1, %2")
                .arg(r.eventId, r.format == engine::EventFormat::Doubles ? tr("doubles") : tr("singles"));
        case PointsColumn:
            if (r.points && !r.pointsAwarded)
                return tr("Not awarded: what the lock of %1 pays this place").arg(r.lockMonth);
            return {};
        case BeforeColumn:
            return tr("From %1").arg(basisText(r));
        case AfterColumn:
            return tr("The run's posterior on the event's date");
        case ExplanationColumn:
            return r.explanation;
        default:
            return {};
        }
    case Qt::FontRole:
        if (index.column() == PointsColumn && r.points && !r.pointsAwarded) {
            QFont font;
            font.setItalic(true);
            return font;
        }
        return {};
    case Qt::TextAlignmentRole:
        if (index.column() == EventColumn || index.column() == ExplanationColumn)
            return QVariant::fromValue(Qt::AlignLeft | Qt::AlignVCenter);
        return QVariant::fromValue(Qt::AlignRight | Qt::AlignVCenter);
    case EventIdRole:
        return r.eventId;
    default:
        return {};
    }
}

QVariant PlayerEventsModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return QAbstractTableModel::headerData(section, orientation, role);
    switch (section) {
    case DateColumn:
        return tr("Date");
    case EventColumn:
        return tr("Event");
    case PlaceColumn:
        return tr("Place");
    case PointsColumn:
        return tr("Points");
    case BeforeColumn:
        return tr("Before");
    case AfterColumn:
        return tr("After");
    case ChangeColumn:
        return tr("Δμ");
    case ExplanationColumn:
        return tr("What it means");
    default:
        return {};
    }
}

} // namespace flickdesk::ui
