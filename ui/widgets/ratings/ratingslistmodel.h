#pragma once

// The rows of the rating list (RatingsListView) as a table model: a rated player's mu, sigma,
// conservative rating mu - 3 sigma, events played and the date last played.

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

    void setRows(std::vector<PlayerRatingRow> rows);
    const std::vector<PlayerRatingRow>& rows() const { return m_rows; }
    const PlayerRatingRow& row(int row) const { return m_rows.at(static_cast<std::size_t>(row)); }

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

private:
    std::vector<PlayerRatingRow> m_rows;
};

} // namespace flickdesk::ui
