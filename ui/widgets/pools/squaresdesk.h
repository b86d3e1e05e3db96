#pragma once

// The Diplomacy Squares desk of the Pools tab: a tournament as its director runs it (issue 27).
// Left, in tabs: the standings after any round (with the tie-breaks in words and a search box), the
// rounds and their boards (each board its powers with player, centres, year of elimination and
// score; Enter corrects a board in place, Delete deletes it after asking), the best country awards
// and the boards drawn for the next round. Right, the board form: the round (kept from board to
// board), the board's id (offered), and the seven powers already listed, a row each. Enter moves to
// the next field and never saves (a 2-power board was once saved by Enter); the board is saved by
// Save Board (Ctrl+Return) only, after it is checked as a whole: every row with a player and
// centres, the board's centres at most 34, one solo at most, the year of elimination for a power
// left with no centre and only for it, each player once on the board and once in the round. A
// board of fewer than seven powers and a board entered already are asked about first. Every change
// is one step of the session's undo stack.

#include "widgets/pools/pooldesk.h"

#include <QHash>
#include <QList>
#include <QPointer>
#include <QStringList>
#include <array>
#include <functional>

class QComboBox;
class QLabel;
class QLineEdit;
class QPushButton;
class QSortFilterProxyModel;
class QSpinBox;
class QStandardItemModel;
class QStringListModel;
class QTabWidget;
class QTableView;
class QTreeView;

namespace flickdesk::ui {

class SquaresDesk : public PoolDesk {
    Q_OBJECT

public:
    // The seven powers in the order of the form and of every board shown: Austria ... Turkey.
    static constexpr int kPowers = 7;
    static QString powerName(int power); // "Austria", ... (the games file's spelling)

    explicit SquaresDesk(PoolSession& session, QWidget* parent = nullptr);

    bool shows(core::SystemKind kind) const override;
    // The standings after the round chosen, the boards of the round shown, the best countries.
    std::vector<PrintTable> printTables() const override;

    // ---- the board form
    QSpinBox* roundEdit() const { return m_round; }
    QLineEdit* boardEdit() const { return m_board; }
    QLineEdit* playerEdit(int power) const { return m_rows[power].player; }
    QLineEdit* centresEdit(int power) const { return m_rows[power].centres; }
    QLineEdit* eliminatedEdit(int power) const { return m_rows[power].eliminated; }
    QLabel* nameLabel(int power) const { return m_rows[power].name; }
    QPushButton* saveButton() const { return m_save; }
    QPushButton* clearButton() const { return m_clear; }
    QPushButton* drawButton() const { return m_draw; }
    QLabel* formTitle() const { return m_formTitle; }
    QLabel* messageLabel() const { return m_message; }
    // The object names of the fields marked wrong by the last check ("squaresPlayer_France", ...).
    QStringList markedFields() const;
    // The stored game being corrected (0: a new board).
    int editingGame() const { return m_editing; }
    // Whether the form holds a board typed and not saved.
    bool hasUnsavedBoard() const { return m_dirty; }
    // Before the pool is changed or the window closed: calls `leave` at once when no board is being
    // entered, else asks first (box "squaresUnsavedQuestion") and calls it only when the director
    // discards the board. Switching pools without asking keeps the board for that pool; closing the
    // desk's window asks by itself.
    void askToLeave(std::function<void()> leave) override;
    // Loads stored game `game` into the form to be corrected in place.
    void editBoard(int game);
    // Asks (box "squaresDeleteQuestion"), then deletes stored game `game`.
    void deleteBoard(int game);
    // Proposes the boards of the form's round (box-free): fills the Draw tab and the form with the
    // first drawn board not yet saved. Returns false (and says why) when nothing could be drawn.
    bool drawRound();

    // ---- the tables
    QTabWidget* tabs() const { return m_tabs; }
    QComboBox* afterRoundBox() const { return m_afterRound; } // data: the round number
    QLineEdit* searchBox() const { return m_search; }
    QTableView* standingsView() const { return m_standingsView; }
    QStandardItemModel* standingsModel() const { return m_standingsModel; }
    QComboBox* roundBox() const { return m_roundBox; } // data: the round number
    QTreeView* boardsView() const { return m_boardsView; }
    // Top-level rows: the boards of the round shown (Qt::UserRole: the game's number); children:
    // their powers.
    QStandardItemModel* boardsModel() const { return m_boardsModel; }
    QPushButton* editBoardButton() const { return m_editBoard; }
    QPushButton* deleteBoardButton() const { return m_deleteBoard; }
    QTableView* bestCountriesView() const { return m_bestView; }
    QStandardItemModel* bestCountriesModel() const { return m_bestModel; }
    QTableView* drawView() const { return m_drawView; }
    QStandardItemModel* drawModel() const { return m_drawModel; } // a row per drawn board: ids by power
    QLabel* drawSummary() const { return m_drawSummary; }

    // The rounds of the pool's games, ascending.
    QList<int> rounds() const;
    // The standings computed from the games of rounds 1..`round` only (what "after round N" shows).
    core::SystemResult standingsAfter(int round) const;
    // The best country awards over the games of rounds 1..`round` (columns squaresBestCountryColumns).
    core::SystemTable bestCountriesAfter(int round) const;

protected:
    void showPool() override;
    bool eventFilter(QObject* watched, QEvent* event) override;
    // Watches the window the desk is in: closing it with a board typed and not saved asks first.
    void showEvent(QShowEvent* event) override;

private:
    struct Row {
        QLineEdit* player = nullptr;
        QLineEdit* centres = nullptr;
        QLineEdit* eliminated = nullptr;
        QLabel* name = nullptr;
    };
    // A board typed and not saved, kept when another pool is selected without asking.
    struct Draft {
        int round = 1;
        QString board;
        int editing = 0;
        std::array<std::array<QString, 3>, kPowers> rows;
    };
    struct Problem {
        QWidget* field = nullptr;
        QString text;
    };

    QWidget* makeStandingsTab();
    QWidget* makeBoardsTab();
    QWidget* makeBestTab();
    QWidget* makeDrawTab();
    QWidget* makeForm();

    void showStandings();
    void showBoards();
    void showBestCountries();
    void refreshCompletion();
    void updateNames();
    void updateFormTitle();
    void offerBoardId();
    QString nextBoardId(int round) const;
    int gameColumn(const char* name) const;
    // The stored player id the text of a player field names ("3", "Chloe Martin", "Chloe Martin (3)").
    QString resolvePlayer(const QString& text) const;
    // The rows to store and what is wrong with them; `filled` the powers given.
    QList<QStringList> boardRows(std::vector<Problem>& problems, int& filled) const;
    void saveBoard();
    void storeBoard(const QList<QStringList>& rows, int editing);
    void clearForm(bool keepDraw);
    void clearRow(int power);
    void loadRows(const QList<QStringList>& rows);
    void loadNextDrawnBoard();
    void markProblems(const std::vector<Problem>& problems);
    void unmark();
    void say(const QString& text, bool problem = false);
    Draft draft() const;
    void restore(const Draft& draft);
    int selectedBoard() const;
    QStringList playersOfRound(int round, int except) const;

    // form
    QSpinBox* m_round = nullptr;
    QLineEdit* m_board = nullptr;
    std::array<Row, kPowers> m_rows{};
    QPushButton* m_save = nullptr;
    QPushButton* m_clear = nullptr;
    QPushButton* m_draw = nullptr;
    QLabel* m_formTitle = nullptr;
    QLabel* m_message = nullptr;
    QStringListModel* m_completion = nullptr;
    QList<QWidget*> m_marked;
    int m_editing = 0;
    bool m_dirty = false;
    bool m_problemShown = false; // the message label lists what is wrong
    bool m_boardOffered = true;  // the id field holds the offered id, not one typed

    // tables
    QTabWidget* m_tabs = nullptr;
    QComboBox* m_afterRound = nullptr;
    QLineEdit* m_search = nullptr;
    QTableView* m_standingsView = nullptr;
    QStandardItemModel* m_standingsModel = nullptr;
    QSortFilterProxyModel* m_standingsProxy = nullptr;
    QLabel* m_standingsTitle = nullptr;
    QComboBox* m_roundBox = nullptr;
    QTreeView* m_boardsView = nullptr;
    QStandardItemModel* m_boardsModel = nullptr;
    QPushButton* m_editBoard = nullptr;
    QPushButton* m_deleteBoard = nullptr;
    QTableView* m_bestView = nullptr;
    QStandardItemModel* m_bestModel = nullptr;
    QLabel* m_bestTitle = nullptr;
    QTableView* m_drawView = nullptr;
    QStandardItemModel* m_drawModel = nullptr;
    QLabel* m_drawSummary = nullptr;

    QPointer<QWidget> m_closeWatched; // the window whose closing is asked about
    qint64 m_shownPool = 0;
    int m_drawRound = 0;           // the round m_drawModel's boards are for (0: none drawn)
    QHash<qint64, Draft> m_drafts; // by pool
};

} // namespace flickdesk::ui
