#pragma once

// Type-ahead results of a player search (Store::searchPlayers): id, name, locked rating, location
// and last event, so that two players of one name can be told apart (DECISIONS D1). A new query
// changes only the rows that differ.

#include "core/records/monthlock.h"
#include "core/records/playerrecords.h"
#include "core/store/storefwd.h"

#include <QAbstractTableModel>
#include <vector>

namespace flickdesk::ui {

class PlayerSearchModel : public QAbstractTableModel {
    Q_OBJECT
    Q_PROPERTY(QString query READ query WRITE setQuery NOTIFY queryChanged)

public:
    enum Column { IdColumn, NameColumn, RatingColumn, LocationColumn, LastEventColumn, ColumnCount };

    enum Role {
        PlayerIdRole = Qt::UserRole + 1, // QString
        NameRole,                        // QString
        LocationRole,                    // QString
        RatingRole,                      // double: the locked mu of the event's month (P1), 0 unseen (N6)
        LastEventIdRole,                 // QString
        LastEventNameRole,               // QString
        LastEventDateRole,               // QString, YYYY-MM-DD
        SortRole,                        // the column's sort key
    };

    explicit PlayerSearchModel(core::PlayerStore& store, QObject* parent = nullptr);

    QString query() const { return m_query; }
    // Searches the store; an empty text empties the list.
    void setQuery(const QString& text);
    int limit() const { return m_limit; }
    void setLimit(int limit);
    // Runs the query again (a player was added or removed).
    void refresh();
    // The lock of the event's month the rating column shows: the session's (EventSession keeps
    // it); given again, or another, whenever it changed.
    void setLockedRatings(const core::MonthLockRatings* ratings);

    // The month of the lock the ratings come from, "Nov 2026"; empty before one is known.
    QString lockMonthText() const;

    const core::PlayerMatch& matchAt(int row) const;
    const std::vector<core::PlayerMatch>& matches() const { return m_matches; }

    int rowCount(const QModelIndex& parent = QModelIndex()) const override;
    int columnCount(const QModelIndex& parent = QModelIndex()) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;
    QHash<int, QByteArray> roleNames() const override;

Q_SIGNALS:
    void queryChanged(const QString& query);
    void searchFailed(const QString& message); // the database could not be read

private:
    void showMatches(std::vector<core::PlayerMatch> matches);

    core::PlayerStore& m_store;
    QString m_query;
    int m_limit = 20;
    std::vector<core::PlayerMatch> m_matches;
    const core::MonthLockRatings* m_ratings; // never null: an empty lock until one is given
    QString m_ratingsMonth;                  // the month of the lock last given (the header names it)
};

} // namespace flickdesk::ui
