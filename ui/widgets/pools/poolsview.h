#pragma once

// The "Pools" tab: the rating pools of the other systems (ACF checkers, a Kings Cribbage club or its
// head-to-head and group pools, Diplomacy Squares), stored in the database (core/store/poolstore.h).
// The tab is the host: a pool selector with New, Rename and Delete Pool, Import CSV, Export Table,
// Print and Save PDF. The selected pool is shown on its system's desk (widgets/pools/pooldesks.h),
// which enters, corrects and deletes its games and players through the tab's session
// (models/pools/poolsession.h): each change one undoable step of Edit > Undo while the tab is shown.
// Messages are shown in the tab, never in a blocking box.

#include "core/store/storefwd.h"
#include "core/systems/poolrecords.h"

#include <QWidget>
#include <vector>

class QComboBox;
class QLabel;
class QPushButton;
class QStackedWidget;

namespace flickdesk::ui {

class PoolDesk;
class PoolSession;
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
    const core::PoolContent* content() const;
    const core::SystemResult& result() const;

    // The selected pool and its edits (each an undoable step on session()->undoStack(), which the
    // window's Edit > Undo follows while this tab is shown).
    PoolSession* session() const { return m_session; }
    // The desk that shows the selected pool (nullptr: no pool).
    PoolDesk* currentDesk() const;
    const std::vector<PoolDesk*>& desks() const { return m_desks; }
    // What Print and Save PDF print: the current desk's tables.
    std::vector<PrintTable> printTables() const;
    // The tables as a PDF: an error message, empty when saved.
    QString savePdfTo(const QString& path);

    // A pool renamed: true when stored (or the name is its own). Refused (an empty name, or one that
    // another pool has in any case): the store's message in the tab, nothing changed.
    bool renamePool(qint64 poolId, const QString& name);
    // A pool deleted with its players and games, without asking; the selector moves to the pool that
    // took its place in the list, or to the empty state. True when deleted.
    bool deletePool(qint64 poolId);
    // A players file and/or a games file (told apart by their headers), one undoable step: an error
    // message, empty when imported.
    QString importFiles(const QStringList& paths);
    // The ratings or standings as CSV (the command line's format): an error message, empty on success.
    QString exportTableTo(const QString& path);

    QComboBox* poolSelector() const { return m_poolBox; }
    QLabel* messageLabel() const { return m_message; }
    QPushButton* newPoolButton() const { return m_newPool; }
    QPushButton* renamePoolButton() const { return m_renamePool; }
    QPushButton* deletePoolButton() const { return m_deletePool; }
    QPushButton* importButton() const { return m_import; }
    QPushButton* exportButton() const { return m_export; }
    QPushButton* printButton() const { return m_print; }
    QPushButton* pdfButton() const { return m_pdf; }

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
    // The print dialog (window-modal, opened), then the current desk's tables printed.
    void printWithDialog();
    void savePdfWithDialog();

Q_SIGNALS:
    void message(const QString& text); // for the status bar

private:
    // The pools in the selector, `preferred` selected when it is there (else the first), and shown.
    void showPools(qint64 preferred);
    // The pools in the selector, `keep` selected when it is there; nothing is shown.
    void fillSelector(qint64 keep);
    void showPool(qint64 poolId);
    // The session read the pool again: the desk for its kind is shown, the buttons follow.
    void poolChanged();
    void showError(const QStringList& lines);
    void showInfo(const QString& text);
    void updateButtons();

    PoolSession* m_session = nullptr;
    std::vector<PoolDesk*> m_desks;
    QStackedWidget* m_stack = nullptr;
    QLabel* m_emptyPage = nullptr;
    QComboBox* m_poolBox = nullptr;
    QPushButton* m_newPool = nullptr;
    QPushButton* m_renamePool = nullptr;
    QPushButton* m_deletePool = nullptr;
    QPushButton* m_import = nullptr;
    QPushButton* m_export = nullptr;
    QPushButton* m_print = nullptr;
    QPushButton* m_pdf = nullptr;
    QLabel* m_systemLabel = nullptr;
    QLabel* m_message = nullptr;
};

} // namespace flickdesk::ui
