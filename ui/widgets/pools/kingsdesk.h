#pragma once

// The Kings Cribbage desk of the Pools tab: a club's ladder as its organizer keeps it. The ladder
// (rank, name, rating, games, provisional, the change of the evening shown) and, in a club's pool,
// the group ladder beside it; the evenings, each game as winner, loser, scores and skunk (group
// games in seat order); the selected member's history in words; the entry of an evening's games
// (the date once, then winner, score, loser, score and Enter), a game corrected in place or deleted,
// the members added, corrected and removed. Every change goes through the pool session
// (models/pools/poolsession.h), one undoable step each. The rules are DECISIONS K1-K4
// (engine/include/flickdesk/engine/kingscribbage.h); ui/core/systems/kingssystem.cpp computes.

#include "widgets/pools/pooldesk.h"

#include <QDate>
#include <QHash>
#include <QStringList>

class QCheckBox;
class QCompleter;
class QLabel;
class QLineEdit;
class QPushButton;
class QSortFilterProxyModel;
class QStandardItemModel;
class QStringListModel;
class QTabWidget;
class QTableView;
class QTreeWidget;
class QTreeWidgetItem;

namespace flickdesk::ui {

class KingsDesk : public PoolDesk {
    Q_OBJECT

public:
    KingsDesk(PoolSession& session, QWidget* parent = nullptr);

    bool shows(core::SystemKind kind) const override;
    // The ladder; the evening's results; the group ladder when the pool has group games.
    std::vector<PrintTable> printTables() const override;

    // The evening whose results and changes are shown: the date of the selected game or evening,
    // else the pool's last evening (invalid when the pool has no games).
    QDate evening() const;
    // Selects the evening (its row in the games tree); false when no game was played that day.
    bool selectEvening(const QDate& date);
    // Selects game `number` in the games tree; false when there is none.
    bool selectGame(int number);
    // Selects the member in the ladder (their history is shown); false when there is none.
    bool selectMember(const QString& playerId);
    // The game being corrected (0: the form enters a new game).
    int correctingGame() const { return m_correcting; }

    // What the tests and the host reach.
    QLineEdit* searchBox() const { return m_search; }
    QLabel* eveningLabel() const { return m_eveningLabel; }
    QTabWidget* ladderTabs() const { return m_ladderTabs; }
    QTableView* ladderView() const { return m_ladderView; }
    QTableView* groupLadderView() const { return m_groupView; }
    QStandardItemModel* ladderModel() const { return m_ladder; }
    QStandardItemModel* groupLadderModel() const { return m_groupLadder; }
    QSortFilterProxyModel* ladderProxy() const { return m_ladderProxy; }
    QTableView* historyView() const { return m_historyView; }
    QStandardItemModel* historyModel() const { return m_history; }
    QTreeWidget* gamesTree() const { return m_games; }
    PoolDateEdit* dateEdit() const { return m_date; }
    QCheckBox* groupGameBox() const { return m_groupBox; }
    QLineEdit* playerEdit(int seat) const { return m_players[seat]; } // seat 0..3 (0 the winner)
    QLineEdit* scoreEdit(int seat) const { return m_scores[seat]; }
    QLabel* gameIdLabel() const { return m_gameId; }
    QPushButton* addGameButton() const { return m_addGame; }
    QPushButton* correctGameButton() const { return m_correctGame; }
    QPushButton* deleteGameButton() const { return m_deleteGame; }
    QPushButton* cancelButton() const { return m_cancel; }
    QLineEdit* memberIdEdit() const { return m_memberFields[0]; }
    QLineEdit* memberNameEdit() const { return m_memberFields[1]; }
    QLineEdit* memberField(int column) const { return m_memberFields[column]; } // kingsPlayerColumns order
    QPushButton* addMemberButton() const { return m_addMember; }
    QPushButton* correctMemberButton() const { return m_correctMember; }
    QPushButton* removeMemberButton() const { return m_removeMember; }
    QLabel* messageLabel() const { return m_message; }

    // The id the next new game is given (the pool's ids "g1", "g2"... continued).
    QString nextGameId() const;
    // The id a new member called `name` is given when none is typed: the name in lower case, its
    // words joined by "-" ("Nell Newbie": nell-newbie), made unique with a number (nell-newbie-2).
    QString memberIdFor(const QString& name) const;

protected:
    void showPool() override;
    bool eventFilter(QObject* watched, QEvent* event) override;

private:
    void build();
    void fillLadders();
    void fillGames();
    void fillHistory();
    void setGroupMode(bool group);
    void updateFormForKind();
    void submitGame();
    void storeGame(const QList<QStringList>& rows, int correcting);
    void startCorrection();
    void cancelCorrection();
    void clearGameForm();
    void askDeleteGame();
    void submitMember();
    void startMemberCorrection();
    void askRemoveMember();
    void clearMemberForm();
    void say(const QString& text, bool error = false);
    // Marks the fields a refused change names (player2, score1, rating...); clearMarks unmarks all.
    void markFields(const core::PoolChange& change);
    void clearMarks();
    // The member an entry names ("Kim Knight (knight)", an id or a name, any case); empty when none.
    QString resolveMember(const QString& text) const;
    QString nameOf(const QString& playerId) const;
    int selectedGame() const;
    QString selectedMember() const;
    bool poolHasGroupGames() const;

    QLineEdit* m_search = nullptr;
    QLabel* m_eveningLabel = nullptr; // the evening whose change the ladders show
    QTabWidget* m_ladderTabs = nullptr;
    QTableView* m_ladderView = nullptr;
    QTableView* m_groupView = nullptr;
    QStandardItemModel* m_ladder = nullptr;
    QStandardItemModel* m_groupLadder = nullptr;
    QSortFilterProxyModel* m_ladderProxy = nullptr;
    QSortFilterProxyModel* m_groupProxy = nullptr;
    QLabel* m_historyTitle = nullptr;
    QTableView* m_historyView = nullptr;
    QStandardItemModel* m_history = nullptr;
    QTreeWidget* m_games = nullptr;
    PoolDateEdit* m_date = nullptr;
    QCheckBox* m_groupBox = nullptr;
    QLabel* m_playerLabels[4] = {};
    QLabel* m_scoreLabels[4] = {};
    QLineEdit* m_players[4] = {};
    QLineEdit* m_scores[4] = {};
    QLabel* m_gameId = nullptr;
    QWidget* m_gameBox = nullptr;
    QWidget* m_memberBox = nullptr;
    QPushButton* m_addGame = nullptr;
    QPushButton* m_correctGame = nullptr;
    QPushButton* m_deleteGame = nullptr;
    QPushButton* m_cancel = nullptr;
    QLineEdit* m_memberFields[6] = {};
    QPushButton* m_addMember = nullptr;
    QPushButton* m_correctMember = nullptr;
    QPushButton* m_removeMember = nullptr;
    QLabel* m_message = nullptr;
    QStringListModel* m_memberNames = nullptr;

    qint64 m_shownPool = 0;          // the pool shown last: another pool starts afresh
    int m_correcting = 0;            // the game the form corrects (0: a new game)
    int m_correctingMember = 0;      // the member line the member form corrects (0: a new member)
    QDate m_evening;                 // the evening chosen in the games tree (invalid: the last)
    QString m_member;                // the member whose history is shown
    QHash<QString, QString> m_names; // player id -> name
};

} // namespace flickdesk::ui
