#pragma once

// The rows of the rating list (RatingsListView) as a table model: a rated player's mu, sigma,
// conservative rating mu - 3 sigma, events played and the date last played. The model sorts its
// rows itself (sort()), on plain values: a proxy sorting through data() took most of the 268 ms
// the window stalled for when a list of 106,758 players arrived (docs/monthly-locks.md).

#include <QAbstractTableModel>
#include <QDate>
#include <QString>
#include <vector>

namespace flickdesk::ui {

// One line of the rating list.
struct PlayerRatingRow {
    QString playerId;
    QString name;
    double mu = 0.0;
    double sigma = 0.0;
    int eventsPlayed = 0;
    QDate lastPlayed;
    bool playedCompetitive = false;  // played an event of the NCA competitive tour
    bool playedRecreational = false; // played an event of the NCA recreational tour
    // The row's place in player id order (core::csv::playerIdLess), which breaks ties in every
    // sort; -1 until known (RatingsListModel::setRows then ranks the rows).
    int idRank = -1;

    double conservative() const { return mu - 3.0 * sigma; }
};

class RatingsListModel : public QAbstractTableModel {
    Q_OBJECT

public:
    enum Column {
        PlayerColumn,
        NameColumn,
        MuColumn,
        SigmaColumn,
        ConservativeColumn,
        EventsColumn,
        LastPlayedColumn,
        ColumnCount
    };
    enum Role {
        SortRole = Qt::UserRole + 1, // the raw value of a column: numbers, dates, text
        PlayerIdRole,
        LastPlayedRole,         // QDate
        PlayedCompetitiveRole,  // bool
        PlayedRecreationalRole, // bool
    };

    explicit RatingsListModel(QObject* parent = nullptr);

    // Replaces the rows, in the model's sort order (unranked rows are ranked by player id first).
    void setRows(std::vector<PlayerRatingRow> rows);
    const std::vector<PlayerRatingRow>& rows() const { return m_rows; }
    const PlayerRatingRow& row(int row) const { return m_rows.at(static_cast<std::size_t>(row)); }

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;
    // Orders the rows by a column (ties by player id, ascending either way); the persistent
    // indexes (the selection) follow their rows. Every later setRows() keeps this order.
    void sort(int column, Qt::SortOrder order = Qt::AscendingOrder) override;
    int sortColumn() const { return m_sortColumn; }
    Qt::SortOrder sortOrder() const { return m_sortOrder; }

    // Whether row a comes before row b when sorted by `column` in `order`.
    static bool rowLess(const PlayerRatingRow& a, const PlayerRatingRow& b, int column, Qt::SortOrder order);
    // Sets idRank from the player ids (csv::playerIdLess).
    static void rankByPlayerId(std::vector<PlayerRatingRow>& rows);
    // Sorts rows as sort() would (rows ranked already); nothing to do for rows already in order.
    static void sortRows(std::vector<PlayerRatingRow>& rows, int column, Qt::SortOrder order);

private:
    std::vector<PlayerRatingRow> m_rows;
    int m_sortColumn = MuColumn;
    Qt::SortOrder m_sortOrder = Qt::DescendingOrder;
};

} // namespace flickdesk::ui
