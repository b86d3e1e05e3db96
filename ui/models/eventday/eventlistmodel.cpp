#include "models/eventday/eventlistmodel.h"

#include "core/store/store.h"
#include "models/storewatcher.h"

#include <algorithm>

namespace flickdesk::ui {

EventListModel::EventListModel(core::Store& store, QObject* parent)
    : QAbstractTableModel(parent)
    , m_store(store)
{
    m_events = m_store.events();
    m_creationOrder.clear();
    for (std::size_t i = 0; i < m_events.size(); ++i)
        m_creationOrder.push_back(static_cast<qint64>(i));
    m_nextCreation = static_cast<qint64>(m_events.size());
    // An event created, edited, finished or awarded, an import: whoever wrote it, the row follows.
    connect(new StoreWatcher(store, this), &StoreWatcher::changed, this,
            [this](const core::StoreChange& change) {
                if (!change.touches(core::StoreChange::Event | core::StoreChange::Awards))
                    return;
                if (change.eventIds.isEmpty())
                    reload();
                for (const QString& id : change.eventIds)
                    refreshEvent(id);
            });
}

void EventListModel::reload()
{
    beginResetModel();
    m_events = m_store.events();
    // The store lists the events by date, then in the order they were added: among events of one
    // date, their rows are in that order.
    m_creationOrder.clear();
    for (std::size_t i = 0; i < m_events.size(); ++i)
        m_creationOrder.push_back(static_cast<qint64>(i));
    m_nextCreation = static_cast<qint64>(m_events.size());
    endResetModel();
}

void EventListModel::refreshEvent(const QString& eventId)
{
    const int row = rowOf(eventId);
    std::optional<core::EventSummary> fresh;
    if (const std::optional<core::EventRecord> event = m_store.event(eventId)) {
        core::EventSummary summary;
        summary.id = event->id;
        summary.date = event->date;
        summary.name = event->name;
        summary.status = event->status;
        summary.format = event->format;
        summary.tier = event->tier;
        summary.season = event->season;
        fresh = std::move(summary);
    }
    if (!fresh) {
        if (row >= 0) {
            beginRemoveRows({}, row, row);
            m_events.erase(m_events.begin() + row);
            m_creationOrder.erase(m_creationOrder.begin() + row);
            endRemoveRows();
        }
        return;
    }
    if (row >= 0) {
        m_events[static_cast<std::size_t>(row)] = std::move(*fresh);
        Q_EMIT dataChanged(index(row, 0), index(row, ColumnCount - 1));
        return;
    }
    // A new event goes after every event of its date or earlier, as the store lists them.
    const auto at =
        std::upper_bound(m_events.begin(), m_events.end(), fresh->date,
                         [](const QString& date, const core::EventSummary& e) { return date < e.date; });
    const int position = static_cast<int>(at - m_events.begin());
    beginInsertRows({}, position, position);
    m_creationOrder.insert(m_creationOrder.begin() + position, m_nextCreation++);
    m_events.insert(at, std::move(*fresh));
    endInsertRows();
}

int EventListModel::rowOf(const QString& eventId) const
{
    const auto found = std::find_if(m_events.begin(), m_events.end(),
                                    [&eventId](const core::EventSummary& e) { return e.id == eventId; });
    return found == m_events.end() ? -1 : static_cast<int>(found - m_events.begin());
}

const core::EventSummary& EventListModel::eventAt(int row) const
{
    return m_events.at(static_cast<std::size_t>(row));
}

int EventListModel::rowCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : static_cast<int>(m_events.size());
}

int EventListModel::columnCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

QString EventListModel::formatText(engine::EventFormat format)
{
    return format == engine::EventFormat::Doubles ? tr("Doubles") : tr("Singles");
}

QString EventListModel::statusText(core::EventStatus status)
{
    switch (status) {
    case core::EventStatus::Planned:
        return tr("Planned");
    case core::EventStatus::Started:
        return tr("Started");
    case core::EventStatus::Finished:
        return tr("Finished");
    case core::EventStatus::Awarded:
        break;
    }
    return tr("Awarded");
}

QVariant EventListModel::data(const QModelIndex& index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return {};
    const core::EventSummary& event = m_events[static_cast<std::size_t>(index.row())];
    switch (role) {
    case EventIdRole:
        return event.id;
    case DateRole:
        return event.date;
    case NameRole:
        return event.name;
    case FormatRole:
        return static_cast<int>(event.format);
    case TierRole:
        return event.tier ? QVariant(*event.tier) : QVariant();
    case StatusRole:
        return static_cast<int>(event.status);
    case CreationOrderRole:
        return m_creationOrder[static_cast<std::size_t>(index.row())];
    case SortRole:
        switch (index.column()) {
        case DateColumn:
            // The date, then the order added: "2026-11-14 0000000153".
            return event.date + u' ' +
                   QString::number(m_creationOrder[static_cast<std::size_t>(index.row())])
                       .rightJustified(10, u'0');
        case TierColumn:
            return event.tier.value_or(0);
        case StatusColumn:
            return static_cast<int>(event.status);
        case FormatColumn:
            return static_cast<int>(event.format);
        default:
            return data(index, Qt::DisplayRole);
        }
    case Qt::DisplayRole:
        switch (index.column()) {
        case IdColumn:
            return event.id;
        case DateColumn:
            return event.date;
        case NameColumn:
            return event.name;
        case FormatColumn:
            return formatText(event.format);
        case TierColumn:
            return event.tier ? QVariant(*event.tier) : QVariant();
        case StatusColumn:
            return statusText(event.status);
        }
        break;
    case Qt::TextAlignmentRole:
        if (index.column() == TierColumn)
            return QVariant::fromValue(Qt::AlignRight | Qt::AlignVCenter);
        break;
    }
    return {};
}

QVariant EventListModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return QAbstractTableModel::headerData(section, orientation, role);
    switch (section) {
    case IdColumn:
        return tr("Id");
    case DateColumn:
        return tr("Date");
    case NameColumn:
        return tr("Event");
    case FormatColumn:
        return tr("Format");
    case TierColumn:
        return tr("Tier");
    case StatusColumn:
        return tr("Status");
    }
    return {};
}

QHash<int, QByteArray> EventListModel::roleNames() const
{
    QHash<int, QByteArray> names = QAbstractTableModel::roleNames();
    names.insert(EventIdRole, "eventId");
    names.insert(DateRole, "date");
    names.insert(NameRole, "name");
    names.insert(FormatRole, "format");
    names.insert(TierRole, "tier");
    names.insert(StatusRole, "status");
    names.insert(SortRole, "sortKey");
    names.insert(CreationOrderRole, "creationOrder");
    return names;
}

} // namespace flickdesk::ui
