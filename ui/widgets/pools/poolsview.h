#pragma once

// The "Pools" tab: the rating pools of the other systems (ACF checkers, Kings Cribbage head-to-head
// and group, Diplomacy Squares), stored in the database (core::Store, PoolSummary). A pool selector
// with "New pool...", "Rename Pool..." and "Delete Pool...", the pool's ratings or standings (computed by
// runSystem from the stored rows each time they change), the history of the player selected in them, the
// games entered, and the entry forms of a new game and a new player. A game or player with a defect is
// refused: the message below the forms names the game and field, the editors of the fields are marked, and
// nothing is written. Messages are shown in the view, never in a blocking box.

#include "core/store/storefwd.h"
#include "core/systems/poolrecords.h"

#include <QWidget>
#include <optional>
#include <vector>

class QComboBox;
class QGroupBox;
class QLabel;
class QListWidget;
class QPushButton;
class QSortFilterProxyModel;
class QStackedWidget;
class QTableView;

namespace flickdesk::ui {

class PoolDesk;
class PoolRowForm;
class PoolSession;
class PoolTableModel;
struct PrintTable;

class PoolsView : public QWidget {
    Q_OBJECT

public:
    explicit PoolsView(core::Store& store, QWidget* parent = nullptr);
    ~PoolsView() override;

    // The pools from the store again; keeps the selected one when it is still there.
    void reloadPools();
    // True when the pool is shown; false for no such pool, or while the desk shown asks whether to
    // leave an entry not stored yet (the pool is shown once the director agrees).
    bool selectPool(qint64 poolId);
    qint64 currentPool() const; // 0 when none
    const core::PoolContent* content() const { return m_content ? &*m_content : nullptr; }
    const core::SystemResult& result() const { return m_result; }

    // The form's rows (the rows added with "Add row" and the form's own when filled) as a new game:
    // true when stored. Refused: the message names the defects, the form keeps what was typed.
    bool addGameFromForm();
    // The form's row as a pending row of the game being entered (Squares: one row per player).
    bool addRowFromForm();
    bool addPlayerFromForm();
    // The game of the selected row of the games list; true when deleted.
    bool deleteSelectedGame();
    // A pool renamed: true when stored (or the name is its own). Refused (an empty name, or one that
    // another pool has in any case): the store's message below the forms, nothing changed.
    bool renamePool(qint64 poolId, const QString& name);
    // A pool deleted with its players and games, without asking; the selector moves to the pool that
    // took its place in the list, or to the empty state. True when deleted.
    bool deletePool(qint64 poolId);
    // A players file and/or a games file (told apart by their headers): an error message, empty
    // when imported.
    QString importFiles(const QStringList& paths);
    // The ratings or standings as CSV (the command line's format): an error message, empty on success.
    QString exportTableTo(const QString& path);
    // The history rows of a player of the pool (column 0 is the player id), as shown below the table.
    void showHistoryOf(const QString& playerId);

    // The selected pool and its edits (each an undoable step on session()->undoStack(), which the
    // window's Edit > Undo follows while this tab is shown).
    PoolSession* session() const { return m_session; }
    // The desk that shows the selected pool (nullptr: the generic forms, or no pool).
    PoolDesk* currentDesk() const;
    const std::vector<PoolDesk*>& desks() const { return m_desks; }
    // What Print and Save as PDF print: the current desk's tables, else the pool's table.
    std::vector<PrintTable> printTables() const;
    // The tables as a PDF: an error message, empty when saved.
    QString savePdfTo(const QString& path);

    QComboBox* poolSelector() const { return m_poolBox; }
    QPushButton* printButton() const { return m_print; }
    QPushButton* pdfButton() const { return m_pdf; }
    QTableView* tableView() const { return m_tableView; }
    PoolTableModel* tableModel() const { return m_tableModel; }
    QSortFilterProxyModel* tableProxy() const { return m_tableProxy; }
    QTableView* historyView() const { return m_historyView; }
    PoolTableModel* historyModel() const { return m_historyModel; }
    QLabel* historyTitle() const { return m_historyTitle; }
    QTableView* gamesView() const { return m_gamesView; }
    PoolTableModel* gamesModel() const { return m_gamesModel; }
    PoolRowForm* gameForm() const { return m_gameForm; }
    PoolRowForm* playerForm() const { return m_playerForm; }
    QListWidget* pendingRows() const { return m_pending; }
    QLabel* messageLabel() const { return m_message; }
    QPushButton* addGameButton() const { return m_addGame; }
    QPushButton* addRowButton() const { return m_addRow; }
    QPushButton* addPlayerButton() const { return m_addPlayer; }
    QPushButton* deleteGameButton() const { return m_deleteGame; }
    QPushButton* newPoolButton() const { return m_newPool; }
    QPushButton* renamePoolButton() const { return m_renamePool; }
    QPushButton* deletePoolButton() const { return m_deletePool; }

public Q_SLOTS:
    // The "New rating pool" dialog, window-modal without blocking; the new pool is selected.
    void newPool();
    // The current pool's name in a small dialog, window-modal without blocking ("renamePoolDialog").
    void renamePoolWithDialog();
    // "Delete the rating pool ...?" naming its players and games, window-modal without blocking
    // ("deletePoolConfirmation"); the pool is deleted when the user confirms.
    void deletePoolWithConfirmation();
    void importWithDialog();
    void exportWithDialog();
    // The print dialog (window-modal, opened), then the current desk's first table printed.
    void printWithDialog();
    void savePdfWithDialog();

Q_SIGNALS:
    void message(const QString& text); // for the status bar

private:
    // The pools from the store in the selector, `preferred` selected when it is there (else the first),
    // and shown.
    void showPools(qint64 preferred);
    // The pools from the store in the selector, `keep` selected when it is there; nothing is shown.
    void fillSelector(qint64 keep);
    void showPool(qint64 poolId);
    // The session read the pool again: the generic forms follow, and the desk for its kind is shown.
    void poolChanged();
    void showCurrentPage();
    void refresh(); // content, result, games and player lists of the current pool
    void rebuildForms();
    void prefillGameForm();
    void showError(const QStringList& lines);
    void showInfo(const QString& text);
    void updateButtons();
    QStringList stickyGameColumns() const;

    PoolSession* m_session = nullptr;
    std::vector<PoolDesk*> m_desks;
    QStackedWidget* m_stack = nullptr;
    QWidget* m_genericPage = nullptr;
    QPushButton* m_print = nullptr;
    QPushButton* m_pdf = nullptr;
    std::optional<core::PoolContent> m_content;
    core::SystemResult m_result;
    QList<QStringList> m_pendingRows;
    QString m_historyPlayer;

    QComboBox* m_poolBox = nullptr;
    QPushButton* m_newPool = nullptr;
    QPushButton* m_renamePool = nullptr;
    QPushButton* m_deletePool = nullptr;
    QPushButton* m_import = nullptr;
    QPushButton* m_export = nullptr;
    QLabel* m_systemLabel = nullptr;
    QTableView* m_tableView = nullptr;
    PoolTableModel* m_tableModel = nullptr;
    QSortFilterProxyModel* m_tableProxy = nullptr;
    QLabel* m_historyTitle = nullptr;
    QTableView* m_historyView = nullptr;
    PoolTableModel* m_historyModel = nullptr;
    QTableView* m_gamesView = nullptr;
    PoolTableModel* m_gamesModel = nullptr;
    QPushButton* m_deleteGame = nullptr;
    QGroupBox* m_gameBox = nullptr;
    PoolRowForm* m_gameForm = nullptr;
    QListWidget* m_pending = nullptr;
    QPushButton* m_addRow = nullptr;
    QPushButton* m_addGame = nullptr;
    QGroupBox* m_playerBox = nullptr;
    PoolRowForm* m_playerForm = nullptr;
    QPushButton* m_addPlayer = nullptr;
    QLabel* m_message = nullptr;
};

} // namespace flickdesk::ui
