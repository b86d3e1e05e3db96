#pragma once

// The events of the database, one row each: id, date, name, format, tier and status. Sorting and
// filtering belong to a QSortFilterProxyModel over it (SortRole gives each column's sort key). The
// date column sorts by date, then by the order the events were added, so that events of one date
// keep their order from one session to the next and a new event sorts as it will after reopening.
// It follows the store's announcements (StoreWatcher): a row changes when its event is written.

#include "core/records/eventrecords.h"
#include "core/store/storefwd.h"

#include <QAbstractTableModel>
#include <vector>

namespace flickdesk::ui {

class EventListModel : public QAbstractTableModel {
    Q_OBJECT

public:
    enum Column { IdColumn, DateColumn, NameColumn, FormatColumn, TierColumn, StatusColumn, ColumnCount };

    enum Role {
        EventIdRole = Qt::UserRole + 1, // QString
        DateRole,                       // QString, YYYY-MM-DD
        NameRole,                       // QString
        FormatRole,                     // int: engine::EventFormat
        TierRole,                       // int 1-3, or an invalid QVariant for none
        StatusRole,                     // int: core::EventStatus
        SortRole,                       // the column's sort key (a date sorts as text, a tier as a number)
        CreationOrderRole,              // qint64: the order the events were added in (a stable key)
    };

    explicit EventListModel(core::Store& store, QObject* parent = nullptr);

    // Every event from the store (a reset: for opening a database or an import, not for edits).
    void reload();
    // One event from the store: its row is inserted, changed (dataChanged) or removed.
    void refreshEvent(const QString& eventId);

    int rowOf(const QString& eventId) const; // -1 when absent
    const core::EventSummary& eventAt(int row) const;

    int rowCount(const QModelIndex& parent = QModelIndex()) const override;
    int columnCount(const QModelIndex& parent = QModelIndex()) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;
    QHash<int, QByteArray> roleNames() const override;

    static QString formatText(engine::EventFormat format);
    static QString statusText(core::EventStatus status);

private:
    core::Store& m_store;
    std::vector<core::EventSummary> m_events; // by date, then in the order they were added
    // Each event's place in the order they were added: the store's order (date, then added) when
    // read, then after every event of the session for an event added now.
    std::vector<qint64> m_creationOrder;
    qint64 m_nextCreation = 0;
};

} // namespace flickdesk::ui
