#pragma once

// The ACF checkers desk of the Pools tab: an event chosen from the pool's events (or made new with
// its date and scoring), its pairings entered round by round as the round's result (the wins,
// losses and draws of A's four games, or the one or two games of a per-game round), corrected in
// place or deleted (every change undoable), the event's report (each player's rating before and
// after, change, performance, temporary) and the pool's rating list. The rules are DECISIONS A1-A4
// (docs/acf.md); the arithmetic is engine::rateAcf, run by the session on every change.

#include "widgets/pools/pooldesk.h"

#include <QDate>
#include <QList>
#include <QString>
#include <QStringList>
#include <vector>

class QComboBox;
class QDialog;
class QLabel;
class QLineEdit;
class QPushButton;
class QRegularExpressionValidator;
class QSortFilterProxyModel;
class QSpinBox;
class QStringListModel;
class QTabWidget;
class QTableView;
class QTableWidget;

namespace flickdesk::ui {

class PoolTableModel;

class AcfDesk : public PoolDesk {
    Q_OBJECT

public:
    // An event of the pool: stored (its games name it) or made with New Event and not yet played.
    struct Event {
        QString name;
        QDate date;
        bool byGame = false; // scored per game (two-game rounds, window 670); else four-game rounds (400)
        bool stored = false;
    };

    explicit AcfDesk(PoolSession& session, QWidget* parent = nullptr);

    bool shows(core::SystemKind kind) const override;
    // The selected event's report (when an event is selected), then the pool's rating list.
    std::vector<PrintTable> printTables() const override;

    // What the desk shows, for tests and the host.
    const QList<Event>& events() const { return m_events; }
    QString currentEvent() const;
    bool selectEvent(const QString& name);
    // Opens the New Event dialog (object name "acfNewEventDialog"); never waits.
    QDialog* openNewEvent();
    // The selected event's pairings (Round, Player A, Player B, A's result, Games), the event's
    // report and the rating list, as shown (headers in words).
    const core::SystemTable& pairingsTable() const;
    const core::SystemTable& eventReport() const;
    const core::SystemTable& ratingList() const;
    // The game number of each row of pairingsTable().
    const QList<int>& pairingGames() const { return m_pairingGames; }
    QString messageText() const;
    // The pairing being corrected (0: a new pairing is entered).
    int editingGame() const { return m_editing; }
    // Loads pairing `game` into the entry fields for correction; false when the event has no such game.
    bool editPairing(int game);
    // Asks before deleting pairing `game` (box "acfDeletePairingConfirmation").
    void deletePairing(int game);
    // The crosstable of a round robin: the players' ids in the grid's order, and the round each
    // pairing of them gets when stored (after the event's last stored round, by the circle method,
    // so that nobody plays twice in a round).
    const QStringList& crosstablePlayers() const { return m_crossPlayers; }
    static std::vector<std::vector<int>> roundRobinRounds(int players);
    // The player being corrected in the player fields (their stored line; 0: a new player).
    int editingPlayerLine() const { return m_editingPlayer; }

protected:
    void showPool() override;
    bool eventFilter(QObject* watched, QEvent* event) override;

private:
    void rebuildEvents();
    void showSelectedEvent(); // the selected event's pairings and report
    void showRatingList();
    void applyScoring();
    const Event* current() const;
    void submit();
    void store(const QList<QStringList>& rows, const QString& what);
    void finishEntry(const QString& said);
    void cancelEdit();
    void say(const QString& text, bool refusal = false);
    void markFields(const core::PoolChange& change);
    void clearMarks();
    void acceptNewEvent(QDialog* dialog);
    void addEvent(const Event& event);
    // The player's id for what was typed ("Name (id)", an id or a name); empty when none.
    QString resolvePlayer(const QString& text) const;
    QString playerLabel(const QString& id) const;
    int selectedPairing() const;
    void makeCrosstable();
    void submitPlayer();
    void loadPlayer();
    void deleteSelectedPlayer();
    void clearPlayerFields();
    QString selectedPlayerId() const;
    void storeCrosstable();

    QList<Event> m_events;
    QList<Event> m_madeEvents; // made with New Event while this pool is shown
    qint64 m_madePool = 0;
    int m_editing = 0;
    QList<int> m_pairingGames;
    core::SystemTable m_pairings;
    core::SystemTable m_report;
    core::SystemTable m_ratings;

    QComboBox* m_eventBox = nullptr;
    QPushButton* m_newEventButton = nullptr;
    QLabel* m_eventInfo = nullptr;
    QSpinBox* m_round = nullptr;
    QLineEdit* m_playerA = nullptr;
    QLineEdit* m_playerB = nullptr;
    QLineEdit* m_result = nullptr;
    QLabel* m_resultHint = nullptr;
    QRegularExpressionValidator* m_resultValidator = nullptr;
    QStringListModel* m_playerNames = nullptr;
    QPushButton* m_storeButton = nullptr;
    QPushButton* m_cancelEditButton = nullptr;
    QLabel* m_message = nullptr;
    PoolTableModel* m_pairingsModel = nullptr;
    QTableView* m_pairingsView = nullptr;
    QPushButton* m_editButton = nullptr;
    QPushButton* m_deleteButton = nullptr;
    QTabWidget* m_tabs = nullptr;
    QLabel* m_reportTitle = nullptr;
    PoolTableModel* m_reportModel = nullptr;
    QTableView* m_reportView = nullptr;
    PoolTableModel* m_ratingsModel = nullptr;
    QSortFilterProxyModel* m_ratingsProxy = nullptr;
    QTableView* m_ratingsView = nullptr;
    QLineEdit* m_crossPlayersField = nullptr;
    QTableWidget* m_crossGrid = nullptr;
    QPushButton* m_crossStoreButton = nullptr;
    QLabel* m_crossMessage = nullptr;
    QStringList m_crossPlayers;
    QList<QLineEdit*> m_playerFields; // id, name, rating, games, peak, rounds
    QPushButton* m_playerStoreButton = nullptr;
    QLabel* m_playerMessage = nullptr;
    int m_editingPlayer = 0;
};

// Two event names that differ only in case, spaces or punctuation ("Blitz night", "Blitz Night.")
// are one event mistyped: their folded forms are equal.
QString foldedEventName(const QString& name);

} // namespace flickdesk::ui
